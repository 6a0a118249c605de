/** The public site's catalogue (src/i18n/site-catalogue.ts): loaded once per language, none for English. */
import { describe, expect, it } from 'vitest'
import { loadSiteCatalogue, siteCatalogueIfLoaded } from './site-catalogue.ts'

describe('site catalogue', () => {
  it('has nothing to load for English and the pseudo-locale', async () => {
    expect(siteCatalogueIfLoaded('en')).toEqual({})
    expect(siteCatalogueIfLoaded('en-XA')).toEqual({})
    expect(await loadSiteCatalogue('en')).toEqual({})
  })

  it("loads a language's once, then has it at hand", async () => {
    expect(siteCatalogueIfLoaded('de')).toBeUndefined()
    const first = loadSiteCatalogue('de')
    expect(loadSiteCatalogue('de')).toBe(first)
    const catalogue = await first
    expect(Object.keys(catalogue)).toContain('publicTitles.pricing')
    expect(Object.keys(catalogue).every((id) => /^(infoPages|landing|legal|pricing|publicSite|publicTitles)\./.test(id))).toBe(true)
    expect(siteCatalogueIfLoaded('de')).toBe(catalogue)
  })
})

/**
 * No string slips through: no view of the app holds text a person reads as a literal: no JSX
 * text, and no literal in a JSX attribute people read or hear (`label`, `aria-label`, `title`,
 * `placeholder`, …) or directly in a JSX expression. Text comes from the catalogues (docs/i18n.md);
 * a product name is a named constant.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { visibleLiterals } from '../../scripts/i18n-visible.ts'
import { describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..', '..')

/** Every view of the app (src/, but tests, stories and the development-only src/dev) and the email templates. */
export const VIEWS: ReadonlyArray<string> = [
  ...readdirSync(join(root, 'src'), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') && !e.name.endsWith('.stories.tsx'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith('src/dev/')),
  ...readdirSync(join(root, 'server/mail/templates')).filter((f) => f.endsWith('.tsx')).map((f) => `server/mail/templates/${f}`),
].sort()

describe('visible strings', () => {
  it('the check finds literal text, attributes and expressions', () => {
    expect(visibleLiterals(`const A = () => <div title="Hello there" aria-hidden="true">Sign out {'Log Out'} {t(m.x)} ⌘K</div>`)).toEqual([
      'title="Hello there"',
      'Sign out',
      "{'Log Out'}",
    ])
  })

  it('reads every view', () => {
    expect(VIEWS.length).toBeGreaterThan(150)
    expect(VIEWS).toContain('src/ui/shell/Header.tsx')
  })

  for (const file of VIEWS) {
    it(`${file} shows no literal text`, () => {
      expect(visibleLiterals(readFileSync(join(root, file), 'utf8'))).toEqual([])
    })
  }
})

/**
 * No string slips through: the files that speak through the catalogues (TRANSLATED) hold no text
 * a person reads as a literal: no JSX text, and no literal in a JSX attribute people read or hear
 * (`label`, `aria-label`, `title`, `placeholder`, …) or directly in a JSX expression. Every view
 * joins the list as it is translated (docs/i18n.md); a file on it cannot fall back to literals.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { visibleLiterals } from '../../scripts/i18n-visible.ts'
import { describe, expect, it } from 'vitest'

/** The views whose every visible string comes from a catalogue. */
export const TRANSLATED = [
  'src/ui/shell/Header.tsx',
  'src/ui/shell/UserMenu.tsx',
  'src/ui/shell/Sidebar.tsx',
  'src/ui/shell/SidebarNav.tsx',
  'src/ui/shell/SidebarDrawer.tsx',
  'src/ui/shell/CreditsSummary.tsx',
  'src/pages/LanguageSection.tsx',
] as const

describe('visible strings', () => {
  it('the check finds literal text, attributes and expressions', () => {
    expect(visibleLiterals(`const A = () => <div title="Hello there" aria-hidden="true">Sign out {'Log Out'} {t(m.x)} ⌘K</div>`)).toEqual([
      'title="Hello there"',
      'Sign out',
      "{'Log Out'}",
    ])
  })

  for (const file of TRANSLATED) {
    it(`${file} shows no literal text`, () => {
      expect(visibleLiterals(readFileSync(join(import.meta.dirname, '..', '..', file), 'utf8'))).toEqual([])
    })
  }
})

/**
 * When the members table takes its two-column layout (MembersTable.tsx `isCompact`): below 640 px,
 * or where its five columns would not fit beside the buttons in the reader's language.
 */
import { describe, expect, it } from 'vitest'
import { COLUMN_MIN_PX, COMPACT_BELOW_PX } from './MembersTable.css.ts'
import { isCompact } from './MembersTable.tsx'

const others = COLUMN_MIN_PX.name + COLUMN_MIN_PX.email + COLUMN_MIN_PX.status + COLUMN_MIN_PX.roles

describe('isCompact', () => {
  it('keeps the wide layout until the table is measured', () => {
    expect(isCompact(null, 400)).toBe(false)
  })

  it('takes two columns below 640 px whatever the buttons', () => {
    expect(isCompact(COMPACT_BELOW_PX - 1, 0)).toBe(true)
    expect(isCompact(COMPACT_BELOW_PX, 0)).toBe(false)
  })

  it('takes two columns where the other columns would not fit beside wider buttons', () => {
    const english = 214
    const german = 289
    const width = others + english
    expect(isCompact(width, english)).toBe(false)
    expect(isCompact(width, german)).toBe(true)
    expect(isCompact(others + german, german)).toBe(false)
  })
})

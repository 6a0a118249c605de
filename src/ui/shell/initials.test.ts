import { describe, expect, it } from 'vitest'
import { initials } from './initials.ts'

describe('initials', () => {
  it.each([
    ['Ada Admin', 'AA'],
    ['  sam   de la agent ', 'SA'],
    ['cher', 'C'],
    ['élodie durand', 'ÉD'],
    ['', '?'],
    ['   ', '?'],
  ])('%j → %s', (name, expected) => expect(initials(name)).toBe(expected))
})

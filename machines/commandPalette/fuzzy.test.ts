import { describe, expect, it } from 'vitest'
import { fuzzyScore, normalize, scoreWord } from './fuzzy.ts'

describe('fuzzy', () => {
  it('ranks whole text over prefix over word start over substring over subsequence', () => {
    const exact = scoreWord('team', 'team')!
    const prefix = scoreWord('team', 'team members')!
    const wordStart = scoreWord('members', 'team members')!
    const inside = scoreWord('eam', 'team members')!
    const subsequence = scoreWord('tmm', 'team members')!
    expect(exact).toBeGreaterThan(prefix)
    expect(prefix).toBeGreaterThan(wordStart)
    expect(wordStart).toBeGreaterThan(inside)
    expect(inside).toBeGreaterThan(subsequence)
    expect(subsequence).toBeGreaterThan(0)
  })

  it('returns null when the letters are not there in order', () => {
    expect(scoreWord('mt', 'team')).toBeNull()
    expect(fuzzyScore('zzz', 'Team Members')).toBeNull()
  })

  it('prefers word starts and runs in a subsequence', () => {
    expect(scoreWord('wset', 'workspace settings')!).toBeGreaterThan(scoreWord('wset', 'awkwardly-seated')!)
  })

  it('ignores case and accents', () => {
    expect(normalize('Équipe')).toBe('equipe')
    expect(fuzzyScore('EQUIPE', 'Équipe')).toBe(1000)
  })

  it('needs every word of the query, each in the title or (at half weight) a secondary text', () => {
    expect(fuzzyScore('team mem', 'Team Members')).not.toBeNull()
    expect(fuzzyScore('calls overview', 'Overview', ['Calls'])).not.toBeNull()
    expect(fuzzyScore('calls overview', 'Overview')).toBeNull()
    expect(fuzzyScore('overview', 'Overview')!).toBeGreaterThan(fuzzyScore('overview', 'Dashboard', ['Overview'])!)
  })

  it('scores an empty query 0: everything matches, in the list order', () => {
    expect(fuzzyScore('  ', 'Anything')).toBe(0)
  })
})

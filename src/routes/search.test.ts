import { describe, expect, it } from 'vitest'
import { validateAuditLogSearch } from './audit-log-search.ts'
import { validateSignInSearch } from './search.ts'

describe('audit log search params (Audit log)', () => {
  it('keeps a person id and a known kind', () => {
    expect(validateAuditLogSearch({ actor: '8f14e45f-ceea-467f-a0e6-7c9b7a1c2d3e', kind: 'member.invited' })).toEqual({
      actor: '8f14e45f-ceea-467f-a0e6-7c9b7a1c2d3e',
      kind: 'member.invited',
    })
  })

  it('gives no filter for none', () => {
    expect(validateAuditLogSearch({})).toEqual({})
  })

  it.each([
    [{ kind: 'member.exploded' }, {}],
    [{ kind: 'member.invited', actor: '' }, { kind: 'member.invited' }],
    [{ actor: 'x'.repeat(65), kind: 7 }, {}],
    [{ actor: 12, kind: ['member.invited'] }, {}],
    [{ actor: 'u\u0000', kind: null }, {}],
    [{ actor: 'u-sam', other: 'ignored' }, { actor: 'u-sam' }],
  ])('drops each bad value on its own: %j', (raw, expected) => {
    expect(validateAuditLogSearch(raw as Record<string, unknown>)).toEqual(expected)
  })
})

describe('sign-up search params (the plan chosen on Pricing)', () => {
  it('keeps a plan sign-up offers', () => {
    expect(validateSignInSearch({ plan: 'growth' })).toMatchObject({ plan: 'growth' })
  })

  it.each([['enterprise'], [''], [7], [['growth']]])('drops a plan sign-up does not offer: %j', (plan) => {
    expect(validateSignInSearch({ plan })).not.toHaveProperty('plan')
  })
})

/**
 * The demo notifications (server/notifications/seed.ts) say only what the product does: there
 * are no payments, cards, invoices, receipts or top-ups in Engage, so no demo text may speak of them.
 */
import { describe, expect, test } from 'vitest'
import { DEMO_NOTIFICATION_COUNTS, demoNotification } from './seed.ts'

/** Words of things Engage does not have: billing by card, invoices, receipts, buying credits. */
const UNKEPT_PROMISES = /\b(top(ped)? up|top-up|receipts?|invoices?|card ending|charged?|payments?|paid)\b/i

describe('demo notification texts', () => {
  const all = DEMO_NOTIFICATION_COUNTS.flatMap((target) => Array.from({ length: target.count }, (_, i) => ({ target, i, ...demoNotification(target, i) })))

  test('Scenario: every demo notification of every recipient promises only what the product does', () => {
    // A contact's own message may talk about their order's payment: that is their business, not a promise of ours.
    const ours = all.filter((n) => n.category !== 'message')
    const broken = ours.filter((n) => UNKEPT_PROMISES.test(`${n.title} ${n.body}`)).map((n) => `${n.target.email} #${n.i}: ${n.title} — ${n.body}`)
    expect(broken).toEqual([])
  })
})

/**
 * `GET /api/org-billing/monthly-credits-usage` (SPEC.md §3 Credits summary, §7) over the demo
 * credits (server/admin/seed.ts), and the arithmetic of the summary.
 */
import { count, eq, gt } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { validate } from '../../contract/validate.ts'
import { MonthlyCreditsUsageResponse, type CreditsSummary } from '../../contract/workspaces.ts'
import { creditLedger, orgPlans } from '../db/schema.ts'
import { prepareDatabase } from '../admin/seed.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { STARTER_PLAN, creditPeriod, summarize } from './credits.ts'

let server: TestServer
const headers: Record<'ada' | 'agent' | 'adaInGlobex' | 'nina' | 'outsider', Record<string, string>> = {
  ada: {},
  agent: {},
  adaInGlobex: {},
  nina: {},
  outsider: {},
}
let initechId: string
beforeAll(async () => {
  server = await startTestServer()
  const [acme, globex, initech] = await Promise.all(['Acme Support', 'Globex', 'Initech'].map((n) => server.orgId(n)))
  const [ada, agent, nina] = await Promise.all(['admin@acme.test', 'agent@acme.test', 'newbie@initech.test'].map((e) => server.signIn(e)))
  if (!ada || !agent || !nina || !acme || !globex || !initech) throw new Error('setup')
  initechId = initech
  headers.ada = server.authHeaders(ada.access_token, acme)
  headers.agent = server.authHeaders(agent.access_token, acme)
  headers.adaInGlobex = server.authHeaders(ada.access_token, globex)
  headers.nina = server.authHeaders(nina.access_token, initech)
  headers.outsider = server.authHeaders(nina.access_token, acme)
})
afterAll(() => server.close())

const PATH = '/api/org-billing/monthly-credits-usage'

async function summary(who: Record<string, string>): Promise<CreditsSummary> {
  const response = await server.request('GET', PATH, { headers: who })
  expect(response.status).toBe(200)
  const body = validate(MonthlyCreditsUsageResponse, await response.json())
  if (!body.ok) throw new Error(JSON.stringify(body.issues))
  return body.value.data.summary
}

/** This month's period as the API reports it. */
function period() {
  const { start, end } = creditPeriod(server.clock.ms)
  return { periodStart: start.toISOString().slice(0, 10), resetsAt: end.toISOString().slice(0, 10) }
}

describe('the demo credits', () => {
  test('Scenario: Acme Support (Growth) has used 2,500 of 10,000 this month; last month does not count', async () => {
    expect(await summary(headers.ada)).toEqual({
      totalCredits: 10_000,
      usedCredits: 2500,
      remainingCredits: 7500,
      percentageUsed: 25,
      creditsByCategory: { ai: 2000, voice: 400, messaging: 100 },
      aiCredits: 2000,
      planName: 'Growth',
      ...period(),
    })
  })

  test('Scenario: any member sees it, without any billing permission (the agent)', async () => {
    expect(await summary(headers.agent)).toEqual(await summary(headers.ada))
  })

  test('Scenario: Globex (Enterprise) is unlimited: no total, no remaining, 0 %', async () => {
    const globex = await summary(headers.adaInGlobex)
    expect(globex).toMatchObject({ totalCredits: null, remainingCredits: null, percentageUsed: 0, planName: 'Enterprise' })
    expect(globex.usedCredits).toBeGreaterThan(0)
    expect(globex.aiCredits).toBe(globex.creditsByCategory['ai'])
  })

  test('Scenario: the other orgs are on Starter with nothing used', async () => {
    expect(await summary(headers.nina)).toEqual({
      totalCredits: 1000,
      usedCredits: 0,
      remainingCredits: 1000,
      percentageUsed: 0,
      creditsByCategory: {},
      aiCredits: 0,
      planName: 'Starter',
      ...period(),
    })
  })

  test('Scenario: no seeded ledger row lies in the future', async () => {
    expect(await server.handle.db.$count(creditLedger, gt(creditLedger.occurredAt, new Date(server.clock.ms)))).toBe(0)
  })
})

describe('tenant isolation', () => {
  test('Scenario: naming another org (Initech member, Acme x-org-id) is a 403 that reveals nothing', async () => {
    const response = await server.request('GET', PATH, { headers: headers.outsider })
    expect(response.status).toBe(403)
    const text = await response.text()
    expect(JSON.parse(text)).toEqual({ error: { code: 'forbidden', message: 'You do not have access to this workspace.', issues: [] } })
    for (const leak of ['Growth', '2500', '10000', 'ai']) expect(text).not.toContain(leak)
  })

  test('Scenario: an unknown org id is the same 403; no token 401; no x-org-id 400', async () => {
    const unknown = await server.request('GET', PATH, { headers: { ...headers.ada, 'x-org-id': 'no-such-org' } })
    expect(unknown.status).toBe(403)
    expect((await server.request('GET', PATH, { headers: { 'x-org-id': headers.ada['x-org-id'] ?? '' } })).status).toBe(401)
    expect((await server.request('GET', PATH, { headers: { authorization: headers.ada['authorization'] ?? '' } })).status).toBe(400)
  })
})

describe('the month window', () => {
  test('Scenario: only this calendar month (UTC) counts; grants raise the total', async () => {
    const { start, end } = creditPeriod(server.clock.ms)
    const entry = (occurredAt: Date, credits: number, category = 'ai', kind: 'usage' | 'grant' = 'usage') => ({
      orgId: initechId,
      occurredAt,
      category,
      credits,
      kind,
    })
    await server.handle.db.insert(creditLedger).values([
      entry(new Date(start.getTime() - 1), 900), // last month's final millisecond
      entry(new Date(start.getTime() - 20 * 86_400_000), 500, 'voice'),
      entry(end, 700), // next month's first instant
      entry(start, 150), // this month's first instant
      entry(start, 50, 'sms_outbound'),
      entry(start, 500, 'bonus', 'grant'),
    ])
    expect(await summary(headers.nina)).toEqual({
      totalCredits: 1500,
      usedCredits: 200,
      remainingCredits: 1300,
      percentageUsed: 13.3,
      creditsByCategory: { ai: 150, sms_outbound: 50 },
      aiCredits: 150,
      planName: 'Starter',
      ...period(),
    })
    // Another tenant's ledger rows never count.
    expect((await summary(headers.ada)).usedCredits).toBe(2500)
  })
})

describe('summarize (the arithmetic)', () => {
  const june = creditPeriod(Date.UTC(2026, 5, 17, 12))
  const plan = (monthlyCredits: number | null) => ({ planName: 'P', monthlyCredits })

  test('Scenario: over-use: remaining never below 0, percentage capped at 100', () => {
    expect(summarize({ plan: plan(100), usedByCategory: { ai: 150 }, granted: 0 }, june)).toMatchObject({
      totalCredits: 100,
      usedCredits: 150,
      remainingCredits: 0,
      percentageUsed: 100,
    })
  })

  test('Scenario: one decimal; a plan of 0 credits; unlimited', () => {
    expect(summarize({ plan: plan(3), usedByCategory: { voice: 1 }, granted: 0 }, june).percentageUsed).toBe(33.3)
    expect(summarize({ plan: plan(0), usedByCategory: {}, granted: 0 }, june).percentageUsed).toBe(0)
    expect(summarize({ plan: plan(0), usedByCategory: { ai: 1 }, granted: 0 }, june).percentageUsed).toBe(100)
    expect(summarize({ plan: plan(null), usedByCategory: { ai: 5 }, granted: 100 }, june)).toMatchObject({
      totalCredits: null,
      remainingCredits: null,
      percentageUsed: 0,
      usedCredits: 5,
      aiCredits: 5,
    })
  })

  test('Scenario: periods are UTC calendar months; December resets on 1 January', () => {
    expect(summarize({ plan: STARTER_PLAN, usedByCategory: {}, granted: 0 }, june)).toMatchObject({ periodStart: '2026-06-01', resetsAt: '2026-07-01' })
    const december = creditPeriod(Date.UTC(2026, 11, 31, 23, 59, 59))
    expect([december.start.toISOString(), december.end.toISOString()]).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'])
  })
})

describe('data directories from before credits existed', () => {
  test('Scenario: a start with no plans seeds them (and the demo use) once', async () => {
    const db = server.handle.db
    await db.delete(creditLedger)
    await db.delete(orgPlans)
    await prepareDatabase(server.handle, { now: server.clock.ms })
    const after = await server.rowCounts()
    expect(after['org_plans']).toBe(after['organizations'])
    expect((await summary(headers.ada)).usedCredits).toBe(2500)
    await prepareDatabase(server.handle, { now: server.clock.ms })
    expect(await server.rowCounts()).toEqual(after)
    const [acmePlan] = await db.select({ n: count() }).from(orgPlans).where(eq(orgPlans.planName, 'Growth'))
    expect(acmePlan?.n).toBe(1)
  })
})

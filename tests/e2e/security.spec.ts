/**
 * Profile Settings › Security end to end: (a) the sessions list and signing out
 * another device's session, whose next refresh is then refused; (b) turning on two-factor
 * authentication with codes from a real TOTP generator (otplib, as an authenticator app would),
 * then signing in with a code and with a recovery code.
 *
 * (b) uses a fresh account (signed up, approved with the admin CLI, sign-up info completed) so
 * the demo users other specs sign in with never get a second factor.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { type Browser, type Page } from '@playwright/test'
import { generate } from 'otplib'
import { expect, signIn, signUpFreshPerson, test } from './fixtures.ts'

const SECURITY = '/app/setting/profile-settings?tab=security'
const AUDIT_LOG = '/app/setting/audit-log'

/** The rows of the audit log's table holding every one of `texts`. */
function auditRows(page: Page, ...texts: string[]) {
  let rows = page.getByRole('grid', { name: 'Audit log entries' }).getByRole('row')
  for (const text of texts) rows = rows.filter({ hasText: text })
  return rows
}
/** Context B's browser, so its row is told apart from A's (and from other specs' admin sessions). */
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:130.0) Gecko/20100101 Firefox/130.0'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical WCAG 2 A/AA violations inside `selector`, as tests/e2e/a11y.spec.ts counts them. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }> }> } }).axe
    const result = await axe.run({ include: [include], exclude: [['[data-live-announcer]']] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })
    return result.violations
  }, selector)
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)
}

/** Makes the access token look expired, so the next load refreshes first (as tests/e2e/token-lifecycle.spec.ts does). */
const expireAccessToken = (page: Page) =>
  page.evaluate(() => {
    document.cookie = `token_expiry=${Date.now() - 1000}; Path=/; SameSite=Lax; Secure`
  })

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
}

/** A TOTP code for `secret` one time step ahead: within the server's ±1 step window, and never a step already used. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })



async function signOut(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Log Out' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/signin', { timeout: 10_000 })
}

async function newContextPage(browser: Browser, userAgent?: string): Promise<Page> {
  const context = await browser.newContext(userAgent ? { userAgent } : {})
  return context.newPage()
}

test.describe('Profile Settings › Security', () => {
  test('(a) the sessions list marks this device, and signing out another device refuses its next refresh', async ({ browser, page: a }) => {
    test.setTimeout(60_000)
    const b = await newContextPage(browser, FIREFOX_ON_WINDOWS)
    try {
      await signInAsAdmin(a)
      await signInAsAdmin(b)
      // B's refreshes, from before its session is signed out: revocation takes effect at once, so B
      // may try (and be refused) in the background before the reload below.
      const refreshes: number[] = []
      b.on('response', (r) => {
        if (r.url().endsWith('/api/users/refresh-token')) refreshes.push(r.status())
      })
      const bRefreshToken = (await b.context().cookies()).find((c) => c.name === 'refresh_token')?.value
      expect(bRefreshToken).toBeTruthy()

      await a.goto(SECURITY)
      const sessions = a.getByRole('list', { name: 'Signed-in sessions' })
      // Other specs may have left admin sessions behind: A's and B's rows are found by their browsers.
      const rowA = sessions.getByRole('listitem').filter({ hasText: 'This device' })
      await expect(rowA).toHaveCount(1)
      await expect(rowA).toContainText(/Chrom(e|ium)/)
      await expect(rowA.getByRole('button', { name: 'Sign out' })).toHaveCount(0)
      const rowB = sessions.getByRole('listitem').filter({ hasText: 'Firefox 130 on Windows' })
      await expect(rowB).toHaveCount(1)
      await expect(rowB).not.toContainText('This device')
      await expect(rowB.getByRole('img', { name: 'Computer' })).toBeVisible()
      // Relative times, the exact time in the tooltip.
      await expect(rowB.locator('time').first()).toHaveAttribute('title', /\d/)
      await expect(sessions.getByRole('listitem')).not.toHaveCount(0)
      expect(await sessions.getByRole('listitem').count()).toBeGreaterThanOrEqual(2)
      await expect(a.getByRole('button', { name: 'Turn on' })).toBeVisible()
      expect(await seriousViolations(a, '[role="tabpanel"]')).toEqual([])

      await rowB.getByRole('button', { name: 'Sign out' }).click()
      await expect(rowB).toHaveCount(0)
      await expect(a.getByText('Signed out of Firefox 130 on Windows')).toBeVisible()

      // The list from the server agrees after a reload.
      await a.reload()
      await expect(a.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1)
      await expect(a.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem').filter({ hasText: 'Firefox 130 on Windows' })).toHaveCount(0)

      // B's refresh token family is gone: the server refuses it, B's own refresh (in the background
      // or at the reload) was refused, and B lands on /signin.
      const refused = await b.request.post('/api/users/refresh-token', { data: { refresh_token: bRefreshToken } })
      expect(refused.status()).toBe(401)
      await expireAccessToken(b)
      await b.reload()
      await expect(b).toHaveURL((url) => url.pathname === '/signin', { timeout: 10_000 })
      expect(refreshes).not.toContain(200)
      // A stays signed in.
      await a.reload()
      await expect(a.getByRole('heading', { name: 'Sessions' })).toBeVisible()
      // The workspace's audit log has the sign-out of that session.
      await a.goto(`${AUDIT_LOG}?kind=session.revoked`)
      await expect(auditRows(a, 'Session signed out', 'admin@acme.test').first()).toBeVisible()
    } finally {
      await b.context().close()
    }
  })

  test('(b) two-factor: turn it on with an authenticator code, then sign in with a code and with a recovery code', async ({ page }) => {
    test.setTimeout(120_000)
    const password = 'a-long-enough-password'
    const { email } = await signUpFreshPerson(page, 'Ada', password)

    await page.goto(SECURITY)
    const section = page.getByRole('region', { name: 'Two-factor authentication' })
    await expect(section.getByText('Off', { exact: true })).toBeVisible()
    await section.getByRole('button', { name: 'Turn on' }).click()

    const qr = section.getByRole('img', { name: 'QR code for your authenticator app' })
    await expect(qr).toBeVisible()
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/)
    const secret = ((await section.getByLabel('Secret key').textContent()) ?? '').replace(/\s+/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/)
    expect(await seriousViolations(page, '[role="tabpanel"]')).toEqual([])

    // A wrong code is refused on the field.
    await section.getByLabel('Authentication code').fill('000000')
    await section.getByRole('button', { name: 'Confirm' }).click()
    const wrong = section.getByText('That code is not right. Check your authenticator app and try again.')
    // (Unless 000000 happens to be the current code: then it was simply accepted.)
    const accepted = section.getByRole('list', { name: 'Recovery codes' })
    await expect(wrong.or(accepted)).toBeVisible()
    if (await wrong.isVisible()) {
      await section.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
      await section.getByRole('button', { name: 'Confirm' }).click()
    }

    await expect(accepted.getByRole('listitem')).toHaveCount(10)
    const recoveryCodes = await accepted.getByRole('listitem').allTextContents()
    expect(await seriousViolations(page, '[role="tabpanel"]')).toEqual([])
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/)
    await section.getByRole('button', { name: 'I saved them' }).click()
    await expect(section.getByText(/On since .*10 recovery codes left\./)).toBeVisible()
    await expect(section.getByText('On', { exact: true })).toBeVisible()

    // Sign in again: the password step asks for the code.
    await signOut(page)
    await signIn(page, email, password)
    await page.getByLabel('Authentication code').fill(await nextCode(secret))
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()

    // And with a recovery code instead.
    await signOut(page)
    await signIn(page, email, password)
    await page.getByRole('button', { name: 'Use a recovery code' }).click()
    await page.getByLabel('Recovery code').fill(recoveryCodes[0]!)
    await page.getByRole('button', { name: 'Verify' }).click()
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()

    // One recovery code is spent; turning it off needs a code (a used recovery code is refused).
    await page.goto(SECURITY)
    await expect(section.getByText(/9 recovery codes left\./)).toBeVisible()
    await section.getByRole('button', { name: 'Turn off' }).click()
    await section.getByLabel('Authentication or recovery code').fill(recoveryCodes[0]!)
    await section.getByRole('button', { name: 'Turn off' }).click()
    await expect(section.getByText('That recovery code is not right or was already used.')).toBeVisible()
    await section.getByLabel('Authentication or recovery code').fill(recoveryCodes[1]!)
    await section.getByRole('button', { name: 'Turn off' }).click()
    await expect(section.getByText('Off', { exact: true })).toBeVisible()
    await expect(section.getByRole('button', { name: 'Turn on' })).toBeVisible()

    // Both changes are in the audit log of the person's workspace.
    await page.goto(AUDIT_LOG)
    await expect(auditRows(page, 'Two-factor turned on', email)).toHaveCount(1)
    await expect(auditRows(page, 'Two-factor turned off', email)).toHaveCount(1)
  })
})

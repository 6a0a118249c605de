import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { type Browser, type BrowserContext, type CDPSession, type Page, test as base, expect } from '@playwright/test'

/** Tests use `baseURL` from the server global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server')
    await use(url)
  },
})
export { expect }

export const DEMO_PASSWORD = 'demo-password'

/** SPEC §2.6: the title of the human-verification modal that guards /signin and /share/*. */
export const VERIFICATION_DIALOG = "Verify You're Human"

/**
 * Waits until the human-verification gate in front of the sign-in page has cleared by itself
 * (ALTCHA solves in the browser in well under a second at the default cost, plus the widget's
 * 0.5 s minimum); the form is only rendered after that.
 */
export async function passVerification(page: Page): Promise<void> {
  await expect(page.getByLabel('Email'), `the "${VERIFICATION_DIALOG}" gate did not clear`).toBeVisible({ timeout: 15_000 })
}

/** Waits for the verification gate, then fills and submits the sign-in form as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await passVerification(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Opens `path` inside the running app, as a link in the sidebar would (the router follows the
 * history entry; no reload), and resolves once the new page has set its own document title.
 * Walking every route this way (a11y.spec.ts, overflow.spec.ts) costs a render per page instead
 * of a full load and sign-in check per page. `sameTitle`: the page before had the same title (two
 * routes of one section), so only the location is awaited; the caller's own checks of the page
 * follow. Throws when the title does not change in 15 s.
 */
export async function openInApp(page: Page, path: string, { sameTitle = false }: { sameTitle?: boolean } = {}): Promise<void> {
  if (new URL(page.url()).pathname === path) return
  const before = await page.title()
  await page.evaluate((to) => {
    window.history.pushState(window.history.state, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }))
  }, path)
  if (sameTitle) await page.waitForFunction((to) => window.location.pathname === to, path)
  else await expect(page, `${path} did not render its page`).not.toHaveTitle(before, { timeout: 15_000 })
}

const run = promisify(execFile)

/** `npm run admin -- approve-waitlist <org>` against the e2e server's DATA_DIR (global-setup); resolves with what it printed. */
export async function approveWaitlist(orgName: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server')
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'approve-waitlist', orgName], {
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  })
  return stdout
}

/**
 * `npm run admin -- notify …` against the e2e server's DATA_DIR (global-setup): one new notification
 * for `email` in `org`, of `options.category` (SPEC §3; default system) and `options.group`.
 */
export async function notify(email: string, org: string, title: string, options: { category?: string; group?: string } = {}): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server')
  const extra = [...(options.category ? ['--category', options.category] : []), ...(options.group ? ['--group', options.group] : [])]
  await run('npm', ['run', '--silent', 'admin', '--', 'notify', '--email', email, '--org', org, '--title', title, ...extra], {
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  })
}

/** A page in a new browser context on the e2e server (another person, another device). */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } })
  return context.newPage()
}

/** A person made by {@link signUpFreshPerson}. */
export interface FreshPerson {
  readonly email: string
  readonly name: string
  readonly orgName: string
}

/**
 * Signs a new person up in `page` as a person would (their own workspace, approved with the
 * admin command, sign-up info given) and leaves them on its dashboard. Specs that change
 * an account (sessions, two-factor, invitations, the audit log) use fresh people, so the demo
 * accounts stay as the other specs expect them.
 * @param first the first name; the email and workspace name add a unique stamp to it.
 */
export async function signUpFreshPerson(page: Page, first: string, password: string): Promise<FreshPerson> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
  const person = { name: `${first} Fresh`, email: `${first.toLowerCase()}.${stamp}@fresh.test`, orgName: `${first} Co ${stamp}` }
  await page.goto('/signin')
  await passVerification(page)
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.getByLabel('Full name').fill(person.name)
  await page.getByLabel('Work email').fill(person.email)
  await page.getByLabel('Password').fill(password)
  await page.getByLabel('Workspace name').fill(person.orgName)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/app/waitlist')
  await approveWaitlist(person.orgName)
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
  await expect(page).toHaveURL((url) => url.pathname === '/app/sign-up-info')
  // The form is ready once it shows the workspace's name (as tests/e2e/signup.spec.ts waits).
  await expect(page.getByLabel('Company name')).toHaveValue(person.orgName)
  await page.getByRole('button', { name: /Team size/ }).click()
  await page.getByRole('option', { name: '1–10 people' }).click()
  await expect(page.getByRole('button', { name: /1–10 people/ })).toBeVisible()
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await page.getByLabel('Use case').fill('Trying Engage.')
  await page.getByRole('button', { name: 'Continue' }).click()
  // Completing sign-up re-verifies the session, then the dashboard's chunk loads: give both time.
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard', { timeout: 15_000 })
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 15_000 })
  return person
}

/**
 * The browser's push machinery through the DevTools protocol, standing in for a push service this
 * machine does not have: a CDP session on `page` and the registration id of the service worker at
 * `origin`'s root (`${origin}/`), for `ServiceWorker.deliverPushMessage`.
 */
export async function pushMachinery(context: BrowserContext, page: Page, origin: string): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await context.newCDPSession(page)
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
      const found = event.registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted)
      if (found) resolve(found.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return { cdp, registrationId: await registrationId }
}

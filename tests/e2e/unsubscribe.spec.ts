/**
 * One-click unsubscribe in Chromium: the /unsubscribe?token=… page behind the
 * "Unsubscribe" link of notification emails.
 *
 * - A forged link shows the plain invalid-link message and the way to the preferences, no button.
 * - End to end: a fresh person gets an urgent notification, which is emailed at once; the page's
 *   link is read from the server's mail outbox (`npm run admin -- mail --to … --json`, the embedded
 *   default without SMTP_URL). Opening it changes nothing (the page only describes it, as a mail
 *   scanner's visit must not unsubscribe anyone); the click does; the same link again says so.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { UNSUBSCRIBE_LINK_INVALID } from '../../contract/notifications.ts'
import { expect, newPage, signUpFreshPerson, test } from './fixtures.ts'

const run = promisify(execFile)

function dataDirEnv() {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server')
  return { ...process.env, DATA_DIR: dataDir }
}

/** `npm run admin -- notify … --priority urgent` on the e2e server: emailed at once (outside quiet hours). */
async function notifyUrgent(email: string, org: string, title: string): Promise<void> {
  await run('npm', ['run', '--silent', 'admin', '--', 'notify', '--email', email, '--org', org, '--title', title, '--priority', 'urgent'], {
    env: dataDirEnv(),
    timeout: 60_000,
  })
}

/** The newest /unsubscribe page link the outbox holds for `email` (not the List-Unsubscribe API URL), or null. */
async function unsubscribeLinkFor(email: string): Promise<string | null> {
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'mail', '--to', email, '--json'], { env: dataDirEnv(), timeout: 60_000 })
  const match = /(?<!\/api\/mail)\/unsubscribe\?token=([\w.%-]+)/.exec(stdout)
  return match ? `/unsubscribe?token=${match[1]}` : null
}

test.describe('unsubscribe from notification emails', () => {
  test('a forged link shows the invalid-link message and the preferences link, and no button', async ({ page }) => {
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/mail/unsubscribe')) posted.push(request.url())
    })
    await page.goto('/unsubscribe?token=eyJhbGciOiJIUzI1NiJ9.forged.signature')
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from emails' })).toBeVisible()
    await expect(page.getByRole('alert')).toHaveText(UNSUBSCRIBE_LINK_INVALID)
    // The page offers no button (the floating 'Report a bug' of every page, SPEC §2.3, comes once it is idle).
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Notification preferences' })).toHaveAttribute('href', '/app/notification-settings')
    await expect(page).toHaveTitle('Unsubscribe from emails · Engage')
    expect(posted).toEqual([])
  })

  test('a link without a token says the same', async ({ page }) => {
    await page.goto('/unsubscribe')
    await expect(page.getByRole('alert')).toHaveText(UNSUBSCRIBE_LINK_INVALID)
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
  })

  test('end to end: the emailed link asks first, the click turns the emails off, the link again says they are off', async ({ page, browser }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Unsub', 'unsub-password-1')
    await notifyUrgent(person.email, person.orgName, 'The server is on fire')
    let link: string | null = null
    await expect.poll(async () => (link = await unsubscribeLinkFor(person.email)), { timeout: 20_000 }).not.toBeNull()

    // The mail reader is signed out: the token is the whole authority.
    const reader = await newPage(browser)
    const posted: string[] = []
    reader.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/mail/unsubscribe')) posted.push(request.url())
    })
    await reader.goto(link!)
    const button = reader.getByRole('button', { name: 'Unsubscribe' })
    await expect(button).toBeVisible()
    // An urgent notification of the default category ('system') belongs to System Updates.
    await expect(reader.getByText(`Stop emails about System Updates to ${person.email}?`, { exact: false })).toBeVisible()
    expect(posted).toEqual([])

    await button.click()
    await expect(reader.getByRole('status')).toHaveText("You won't get emails about System Updates any more.")
    expect(posted).toHaveLength(1)
    await expect(reader.getByRole('link', { name: 'Notification preferences' })).toHaveAttribute('href', '/app/notification-settings')

    await reader.goto(link!)
    await expect(reader.getByText(/You already don't get emails about/)).toBeVisible()
    await expect(reader.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0)
  })
})

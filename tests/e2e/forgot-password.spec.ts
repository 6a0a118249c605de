/**
 * "Forgot password" in Chromium, through the UI: the link on /signin, the one answer
 * whether or not an account has the address, and the field error for a malformed address.
 *
 * End to end: a fresh person asks for a link, the link is read from the server's mail outbox
 * (`npm run admin -- mail --to … --json`, the embedded default without SMTP_URL), a new password
 * is set, the person signs in with it; the used link is refused after.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ACCOUNT_MESSAGES, PASSWORD_RESET_SENT } from '../../contract/account.ts'
import { expect, newPage, passVerification, signIn, signUpFreshPerson, test } from './fixtures.ts'

const run = promisify(execFile)

/** The newest password-reset link the outbox holds for `email` (the e2e server's DATA_DIR), or null. */
async function resetLinkFor(email: string): Promise<string | null> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server')
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'mail', '--to', email, '--json'], { env: { ...process.env, DATA_DIR: dataDir }, timeout: 60_000 })
  const match = /\/reset-password\?token=([\w-]+)/.exec(stdout)
  return match ? `/reset-password?token=${match[1]}` : null
}

test.describe('forgot password', () => {
  test("'Forgot password?' on /signin leads to the form, carrying the address typed so far", async ({ page }) => {
    await page.goto('/signin')
    await passVerification(page)
    await page.getByLabel('Email').fill('admin@acme.test')
    await page.getByRole('link', { name: 'Forgot password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password\?email=admin%40acme\.test$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue('admin@acme.test')
    await expect(page).toHaveTitle('Reset your password · Engage')
    await page.getByRole('link', { name: 'Back to sign in' }).click()
    await expect(page).toHaveURL(/\/signin$/)
  })

  test('the answer is the same for an address with an account and one without', async ({ page }) => {
    const answers: string[] = []
    for (const email of ['admin@acme.test', `nobody-${Date.now().toString(36)}@example.test`]) {
      await page.goto('/forgot-password')
      await page.getByLabel('Email').fill(email)
      await page.getByRole('button', { name: 'Send link' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
      answers.push((await page.getByRole('status').innerText()).trim())
    }
    expect(answers).toEqual([PASSWORD_RESET_SENT, PASSWORD_RESET_SENT])
  })

  test('a malformed address gets the field error, and nothing is sent', async ({ page }) => {
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/users/password-reset')) posted.push(request.url())
    })
    await page.goto('/forgot-password')
    await page.getByLabel('Email').fill('ada@')
    await page.getByRole('button', { name: 'Send link' }).click()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
    expect(posted).toEqual([])
  })

  test('at 390 px the form fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/forgot-password')
    await expect(page.getByRole('button', { name: 'Send link' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })

  test('end to end: the emailed link sets a new password, which signs in; the link works once', async ({ page, browser }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Reset', 'first-password-1')
    const other = await newPage(browser)
    await other.goto('/forgot-password')
    await other.getByLabel('Email').fill(person.email)
    await other.getByRole('button', { name: 'Send link' }).click()
    await expect(other.getByRole('status')).toHaveText(PASSWORD_RESET_SENT)

    let link: string | null = null
    await expect.poll(async () => (link = await resetLinkFor(person.email)), { timeout: 20_000 }).not.toBeNull()
    await other.goto(link!)
    await other.getByLabel('New password', { exact: true }).fill('second-password-2')
    await other.getByLabel('Confirm password', { exact: true }).fill('second-password-2')
    await other.getByRole('button', { name: 'Change password' }).click()
    await expect(other.getByText(ACCOUNT_MESSAGES.passwordResetDone)).toBeVisible()

    await other.getByRole('link', { name: 'Sign in' }).click()
    await signIn(other, person.email, 'second-password-2')
    await expect(other).toHaveURL((url) => url.pathname.startsWith('/app/'), { timeout: 15_000 })

    // One-time: the same link again is refused, with a way to a new one.
    await other.goto(link!)
    await other.getByLabel('New password', { exact: true }).fill('third-password-3')
    await other.getByLabel('Confirm password', { exact: true }).fill('third-password-3')
    await other.getByRole('button', { name: 'Change password' }).click()
    await expect(other.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.linkInvalid)
    await expect(other.getByRole('link', { name: 'Get a new link' })).toHaveAttribute('href', '/forgot-password')
  })
})

/**
 * The person's language end to end: the Language field on /app/account changes `<html lang>` and
 * the shell's words at once, without a reload; the choice survives a reload, follows the person to
 * another device (saved on their account) and into the mail they get, and Arabic lays the page out
 * right to left with the sidebar on the right. Before sign-in the browser's languages decide.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { expect, newPage, signIn, signUpFreshPerson, test } from './fixtures.ts'

const run = promisify(execFile)

/** The subjects of the mail the outbox holds for `email` (the e2e server's DATA_DIR), newest last. */
async function subjectsFor(email: string): Promise<string[]> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server')
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'mail', '--to', email, '--json'], { env: { ...process.env, DATA_DIR: dataDir }, timeout: 60_000 })
  return (JSON.parse(stdout) as Array<{ subject: string }>).map((m) => m.subject)
}

test.describe('language', () => {
  test("choosing 'Deutsch' speaks German at once, after a reload and on another device; 'العربية' is right to left", async ({ page, browser }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    const person = await signUpFreshPerson(page, 'Lang', 'language-pass-1')
    await page.goto('/app/account')
    await expect(page.locator('html')).toHaveAttribute('lang', 'en')
    const field = page.getByRole('button', { name: /Language$/ })
    await field.click()
    await page.getByRole('option', { name: 'Deutsch' }).click()

    // At once: no navigation, the shell speaks German.
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
    await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Hauptmenü' })
    await expect(nav.getByRole('link', { name: 'Abmelden' })).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Konto & Abrechnung' })).toBeVisible()
    await expect(page.getByRole('button', { name: /Sprache$/ })).toContainText('Deutsch')
    // Saved on the account before the reload.
    await expect(page.getByRole('status').filter({ hasText: 'Wird gespeichert…' })).toHaveCount(0)

    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('button', { name: 'Benutzermenü' })).toBeVisible()

    // Another device: nothing stored, the account's language is adopted at sign-in.
    const other = await newPage(browser)
    await other.goto('/signin')
    await signIn(other, person.email, 'language-pass-1')
    await expect(other.locator('html')).toHaveAttribute('lang', 'de')
    await expect(other.getByRole('button', { name: 'Benutzermenü' })).toBeVisible()
    await other.context().close()

    // Mail follows the recipient's language, whoever asks: a reset asked for from an English page.
    const english = await newPage(browser)
    await english.goto('/forgot-password')
    await english.getByLabel('Email').fill(person.email)
    await english.getByRole('button', { name: 'Send link' }).click()
    await expect(english.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible()
    await expect.poll(() => subjectsFor(person.email), { timeout: 20_000 }).toContain('Setze dein Engage-Passwort zurück')
    await english.context().close()

    // Arabic: right to left, the sidebar on the right.
    await page.getByRole('button', { name: /Sprache$/ }).click()
    await page.getByRole('option', { name: 'العربية' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    const arabicNav = page.getByRole('navigation', { name: 'الرئيسية' })
    await expect(arabicNav).toBeVisible()
    const box = await arabicNav.boundingBox()
    expect(box!.x).toBeGreaterThan(1280 / 2)
    await expect(page.getByRole('button', { name: 'قائمة المستخدم' })).toBeVisible()
  })

  test('a language whose save failed is kept, and saved at the next sign-in on this device', async ({ page, browser }) => {
    test.setTimeout(90_000)
    const person = await signUpFreshPerson(page, 'Unsaved', 'language-pass-2')
    await page.goto('/app/account')
    // The account cannot be updated for now.
    const unavailable = { error: { code: 'unavailable', message: 'Service unavailable', issues: [] } }
    await page.route('**/api/users/me', (route) =>
      route.request().method() === 'PATCH' ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify(unavailable) }) : route.fallback(),
    )
    await page.getByRole('button', { name: /Language$/ }).click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('status').filter({ hasText: 'Nur auf diesem Gerät gespeichert' })).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('language-unsaved'))).toContain('"locale":"de"')

    // Back: a reload verifies the session, whose account still says English; this device's German wins and is saved.
    await page.unroute('**/api/users/me')
    const saved = page.waitForRequest((request) => request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/users/me')
    await page.reload()
    expect((await saved).postDataJSON()).toEqual({ language: 'de' })
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('language-unsaved'))).toBeNull()

    // The account holds it: another device adopts German at sign-in.
    const other = await newPage(browser)
    await other.goto('/signin')
    await signIn(other, person.email, 'language-pass-2')
    await expect(other.locator('html')).toHaveAttribute('lang', 'de')
    await other.context().close()
  })

  test("before sign-in the browser's languages decide", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'es-MX' })
    const page = await context.newPage()
    await page.goto('/signin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await context.close()
  })
})

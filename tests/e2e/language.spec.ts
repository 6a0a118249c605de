/**
 * The person's language end to end: the Language field on /app/account changes `<html lang>` and
 * the shell's words at once, without a reload; the choice survives a reload, follows the person to
 * another device (saved on their account) and into the mail they get, and Arabic lays the page out
 * right to left with the sidebar on the right. Before sign-in the browser's languages decide. A push
 * the server sends arrives in the recipient's language: a real Web Push message (VAPID, aes128gcm)
 * to a receiver of this test, decrypted, then handed to Chromium's service worker as its push
 * service would (this machine has none), which shows it.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startPushReceiver } from '../../server/test/push-receiver.ts'
import { expect, newPage, pushMachinery, signIn, signUpFreshPerson, test } from './fixtures.ts'
import { freePort, startServer, stopServer } from './own-server.ts'

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
    // Typed text takes its own direction: an address reads left to right on the Arabic page, Arabic typed in a field right to left.
    const direction = (name: string) => page.getByRole('textbox', { name, exact: true }).evaluate((input) => getComputedStyle(input).direction)
    await expect.poll(() => direction('البريد الإلكتروني')).toBe('ltr')
    await page.getByRole('textbox', { name: 'الاسم الكامل', exact: true }).fill('لانغ')
    await expect.poll(() => direction('الاسم الكامل')).toBe('rtl')
    await page.getByRole('textbox', { name: 'الاسم الكامل', exact: true }).fill('Lang Person')
    await expect.poll(() => direction('الاسم الكامل')).toBe('ltr')
    // Empty, a field follows the page, its placeholder included.
    await page.getByRole('textbox', { name: 'الاسم الكامل', exact: true }).fill('')
    await expect.poll(() => direction('الاسم الكامل')).toBe('rtl')
    await page.goto('/app/setting/team')
    await expect.poll(() => page.getByRole('searchbox', { name: 'البحث عن الأعضاء' }).evaluate((input) => getComputedStyle(input).direction)).toBe('rtl')
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

  test("the members table's buttons get the room their words need in German; the table never scrolls sideways", async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1440, height: 800 })
    await signUpFreshPerson(page, 'Breit', 'language-pass-3')
    await page.goto('/app/account')
    await page.getByRole('button', { name: /Language$/ }).click()
    await page.getByRole('option', { name: 'Deutsch' }).click()
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await page.goto('/app/setting/team')
    const edit = page.getByRole('button', { name: /^Rollen bearbeiten/ })
    // Wide at 1440 px, two columns at 1024 px beside the sidebar (five would not fit beside the German buttons).
    for (const width of [1440, 1024]) {
      await page.setViewportSize({ width, height: 800 })
      await expect(edit).toBeVisible()
      // Everything in the buttons' cell lies inside it (the table's ResizeObserver may still be catching up: poll).
      await expect
        .poll(
          () =>
            edit.evaluate((button) => {
              const cell = button.closest('[role="gridcell"]')!.getBoundingClientRect()
              return [...button.parentElement!.children].every((child) => {
                const box = child.getBoundingClientRect()
                return box.left >= cell.left && box.right <= cell.right
              })
            }),
          { message: `at ${width} px` },
        )
        .toBe(true)
      expect(await page.getByRole('grid').evaluate((grid) => grid.scrollWidth <= grid.clientWidth), `at ${width} px`).toBe(true)
    }
  })

  test("before sign-in the browser's languages decide", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'es-MX' })
    const page = await context.newPage()
    await page.goto('/signin')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    // The one-message pages outside /app too.
    await page.goto('/link-expired')
    await expect(page.getByRole('heading', { level: 1, name: 'Este enlace ha caducado' })).toBeVisible()
    await expect(page).toHaveTitle('Este enlace ha caducado · Engage')
    await expect(page.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible()
    await context.close()
  })

  test("the public site speaks the browser's language too: its own messages load with its pages", async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, locale: 'de-DE' })
    const page = await context.newPage()
    const siteCatalogues: string[] = []
    page.on('request', (request) => {
      if (/\/assets\/site-de-[^/]*\.js$/.test(new URL(request.url()).pathname)) siteCatalogues.push(request.url())
    })
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('lang', 'de')
    await expect(page.getByRole('heading', { level: 1, name: 'Der Workspace für Teams, die mit KI Kunden betreuen' })).toBeVisible()
    await page.getByRole('banner').getByRole('link', { name: 'Preise' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/pricing')
    await expect(page.getByRole('heading', { level: 1, name: 'Preise' })).toBeVisible()
    await expect(page).toHaveTitle('Preise · Engage')
    expect(siteCatalogues, 'the site catalogue is fetched once').toHaveLength(1)
    await context.close()
  })

  test("a push arrives in the recipient's language", async ({ page, context }) => {
    test.setTimeout(180_000)
    const receiver = await startPushReceiver()
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-push-language-'))
    const port = await freePort()
    // The receiver is http on loopback: only this server may push to it.
    // The API sign-in below has no browser to pass the human-verification gate with.
    const server = await startServer(port, dataDir, { PUSH_ENDPOINT_ALLOW_HOSTS: receiver.host, BOT_CHECK: 'off' })
    const base = `http://127.0.0.1:${port}`
    try {
      // The person speaks German (saved on their account), and has a device subscribed at the receiver.
      const signedIn = await fetch(`${base}/api/users/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'agent@acme.test', password: 'demo-password' }),
      })
      expect(signedIn.status).toBe(200)
      const session = (await signedIn.json()) as { access_token: string; org_id: string }
      const headers = { authorization: `Bearer ${session.access_token}`, 'x-org-id': session.org_id, 'content-type': 'application/json' }
      expect((await fetch(`${base}/api/users/me`, { method: 'PATCH', headers, body: JSON.stringify({ language: 'de' }) })).status).toBe(200)
      const subscribed = await fetch(`${base}/api/common-services/web-push/subscribe`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          deviceIdentifier: 'e2e-german-device',
          subscription: receiver.subscription('/push/german-device'),
          deviceInfo: { browser: 'Chrome', os: 'Linux', user_agent: 'e2e receiver', device_type: 'desktop' },
        }),
      })
      expect(subscribed.status).toBe(201)

      // The server's test notification, in German, through the real protocol.
      const arrival = receiver.nextPush()
      expect((await fetch(`${base}/api/common-services/web-push/test-notification/e2e-german-device`, { method: 'POST', headers, body: '{}' })).status).toBe(200)
      const push = await arrival
      expect(push.headers['content-encoding']).toBe('aes128gcm')
      const payload = JSON.parse(receiver.decrypt(push.body)) as { title: string; body: string }
      expect(payload).toMatchObject({ title: 'Testbenachrichtigung', body: 'Push-Benachrichtigungen funktionieren auf diesem Gerät.' })

      // Into the browser: the app's service worker gets the decrypted message as its push event and,
      // with no app tab in front, shows it.
      await context.grantPermissions(['notifications'], { origin: base })
      await page.goto(`${base}/signin`)
      await signIn(page, 'agent@acme.test')
      await expect(page.locator('html')).toHaveAttribute('lang', 'de', { timeout: 15_000 })
      await page.evaluate(() => navigator.serviceWorker.ready)
      const { cdp, registrationId: id } = await pushMachinery(context, page, base)
      await page.goto('about:blank')
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: base, registrationId: id, data: JSON.stringify(payload) })
      const reader = await context.newPage()
      await reader.goto(`${base}/signin`)
      const shown = () =>
        reader.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration('/')
          return ((await registration?.getNotifications()) ?? []).map((n) => ({ title: n.title, body: n.body }))
        })
      await expect.poll(shown, { timeout: 15_000 }).toContainEqual({ title: 'Testbenachrichtigung', body: 'Push-Benachrichtigungen funktionieren auf diesem Gerät.' })
    } finally {
      await stopServer(server)
      await receiver.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

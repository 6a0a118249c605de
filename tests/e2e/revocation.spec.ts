/**
 * Revocation that takes effect at once, in the browser: a device signed out from another one's
 * Security › Sessions finds out by itself while it sits on a page (its live stream closes, and its
 * next call is refused with 401 session_revoked), lands on /signin and is told why; a reload of a
 * signed-out session says the same. Its refresh token is not needed for any of it.
 */
import { type Browser, type Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const SECURITY = '/app/setting/profile-settings?tab=security'
const SIGNED_OUT = 'You were signed out of this session. Please sign in again.'

/** A device of its own: a browser context with a user agent the sessions list names. */
async function device(browser: Browser, userAgent: string): Promise<Page> {
  const context = await browser.newContext({ userAgent })
  return context.newPage()
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
}

/** Signs out the session whose row names `deviceName`, from `page`'s Security tab. */
async function signOutDevice(page: Page, deviceName: string): Promise<void> {
  await page.goto(SECURITY)
  const row = page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem').filter({ hasText: deviceName })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText(`Signed out of ${deviceName}`)).toBeVisible()
}

test.describe('a signed-out session', () => {
  test('the device that was signed out lands on /signin by itself, saying why', async ({ browser, page: laptop }) => {
    test.setTimeout(60_000)
    const tablet = await device(browser, 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')
    try {
      await signInAsAdmin(laptop)
      await signInAsAdmin(tablet)
      const refused: string[] = []
      tablet.on('response', async (response) => {
        if (response.status() === 401) refused.push(((await response.json().catch(() => ({}))) as { error?: { code?: string } }).error?.code ?? '')
      })

      await signOutDevice(laptop, 'Safari 17 on iOS')

      // Nobody touches the tablet: its stream closes, its next call is refused, and it says so.
      await expect(tablet).toHaveURL((url) => url.pathname === '/signin', { timeout: 15_000 })
      await expect(tablet.getByText(SIGNED_OUT)).toBeVisible()
      expect(refused).toContain('session_revoked')
      // The laptop that did it goes on.
      await laptop.reload()
      await expect(laptop.getByRole('heading', { name: 'Sessions' })).toBeVisible()
    } finally {
      await tablet.context().close()
    }
  })

  test('a reload of a signed-out session says why on /signin', async ({ browser, page: laptop }) => {
    test.setTimeout(60_000)
    const phone = await device(browser, 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36')
    try {
      await signInAsAdmin(laptop)
      await signInAsAdmin(phone)
      // The phone leaves the app (no stream open), then comes back after the sign-out.
      await phone.goto('about:blank')
      await signOutDevice(laptop, 'Chrome 126 on Android')
      await phone.goto('/app/dashboard')
      await expect(phone).toHaveURL((url) => url.pathname === '/signin', { timeout: 15_000 })
      await expect(phone.getByText(SIGNED_OUT)).toBeVisible()
    } finally {
      await phone.context().close()
    }
  })
})

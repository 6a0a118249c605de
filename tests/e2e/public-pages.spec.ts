/**
 * The public face: the landing page and the other public pages of SPEC §2.1 with a
 * header, a footer and a tab title each, no sideways scrolling at 390 px; /signup as its own
 * address behind the human-verification gate (SPEC §2.6); and the 'Skip to content' link as the
 * first Tab stop of the public pages and of the signed-in shell.
 */
import type { Page } from '@playwright/test'
import { VERIFICATION_DIALOG, expect, signIn, test } from './fixtures.ts'

/** The public site's full pages and their tab titles. */
const SITE_PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/', 'Engage: the workspace for AI customer-engagement teams'],
  ['/pricing', 'Pricing · Engage'],
  ['/tools', 'Tools · Engage'],
  ['/joinus', 'Join us · Engage'],
  ['/book-a-call', 'Book a call · Engage'],
  ['/terms-of-service', 'Terms of Service · Engage'],
  ['/privacy-policy', 'Privacy Policy · Engage'],
  ['/refund-policy', 'Refund Policy · Engage'],
]

/** The one-message pages outside /app (SPEC §2.1, §2.5) and their tab titles. */
const MESSAGE_PAGES: ReadonlyArray<readonly [string, string]> = [
  ['/window-splash', 'Engage'],
  ['/signin-error', 'We could not sign you in · Engage'],
  ['/link-expired', 'This link has expired · Engage'],
  ['/404', 'Page not found · Engage'],
  ['/sso/callback', 'Completing single sign-on · Engage'],
  ['/enable-bug-report', 'Bug reports · Engage'],
  ['/auth-callback/linkedin', 'Connecting your account · Engage'],
  ['/app/integrations/hubspot', 'Connecting your integration · Engage'],
  // An address nothing answers: the not-found page.
  ['/no-such-page', 'Page not found · Engage'],
]

/** Wider than the viewport means a person scrolls sideways. */
async function overflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
}

async function expectNoOverflow(page: Page, path: string) {
  const { scrollWidth, innerWidth } = await overflow(page)
  expect(scrollWidth, `${path} scrolls sideways (${scrollWidth} > ${innerWidth})`).toBeLessThanOrEqual(innerWidth)
}

test.describe('public pages (SPEC §2.1)', () => {
  test("the landing page says what Engage is, with 'Get started' to /signup and 'Sign in' to /signin", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'The workspace for AI customer-engagement teams' })).toBeVisible()
    await expect(page).toHaveTitle('Engage: the workspace for AI customer-engagement teams')
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: 'Get started' })).toHaveAttribute('href', '/signup')
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin')
    await expect(page.getByRole('main').getByRole('img', { name: /The Engage workspace/ })).toBeVisible()
    const footer = page.getByRole('contentinfo')
    for (const name of ['Pricing', 'Tools', 'Join us', 'Book a call', 'Terms of Service', 'Privacy Policy', 'Refund Policy']) {
      await expect(footer.getByRole('link', { name })).toBeVisible()
    }

    await header.getByRole('link', { name: 'Get started' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signup')
    await expect(page.getByLabel('Full name')).toBeVisible({ timeout: 15_000 })
  })

  test('every public page fits a 390 px screen without sideways scrolling and names its tab', async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 390, height: 844 })
    for (const [path, title] of [...SITE_PAGES, ...MESSAGE_PAGES]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
      await expect(page, path).toHaveTitle(title)
      await expectNoOverflow(page, path)
    }
    for (const [path, title, field] of [
      ['/signin', 'Sign in · Engage', 'Password'],
      ['/signup', 'Create your account · Engage', 'Full name'],
    ] as const) {
      await page.goto(path)
      await expect(page, path).toHaveTitle(title)
      await expect(page.getByLabel(field), `the "${VERIFICATION_DIALOG}" gate did not clear`).toBeVisible({ timeout: 15_000 })
      await expectNoOverflow(page, path)
    }
  })

  test('the public pages fit at 390 px in the dark theme too', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, colorScheme: 'dark' })
    const page = await context.newPage()
    try {
      for (const [path] of SITE_PAGES) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible()
        await expectNoOverflow(page, path)
      }
    } finally {
      await context.close()
    }
  })

  test("/signup shows the sign-up form after the gate, and its 'Sign in' link leads to the sign-in form", async ({ page }) => {
    await page.goto('/signup')
    await expect(page.getByRole('dialog', { name: VERIFICATION_DIALOG }).or(page.getByLabel('Full name'))).toBeVisible()
    await expect(page.getByLabel('Full name')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('heading', { level: 1, name: 'Create your Engage account' })).toBeVisible()
    await expect(page.getByLabel('Work email')).toBeVisible()
    await expect(page.getByLabel('Workspace name')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()

    await page.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signin')
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 15_000 })
    await expect(page).toHaveTitle('Sign in · Engage')
  })

  test("/signin's 'Create an account' goes to /signup and its sign-up form", async ({ page }) => {
    await page.goto('/signin')
    await expect(page.getByLabel('Password')).toBeVisible({ timeout: 15_000 })
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signup')
    await expect(page.getByLabel('Full name')).toBeVisible()
    await expect(page).toHaveTitle('Create your account · Engage')
  })

  test('a signed-in person opening /signup goes to the app, as from /signin (SPEC §2.2)', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await page.goto('/signup')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  })
})

test.describe("'Skip to content'", () => {
  test('is the first Tab stop of a public page and moves focus to the main content', async ({ page }) => {
    await page.goto('/pricing')
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible()
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
    await expect(page).toHaveURL((url) => url.pathname === '/pricing' && url.hash === '')
    // The next Tab goes on from the page's content, past the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true)
  })

  test('is the first Tab stop on /app/dashboard and moves focus to the main content', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    // A fresh load, as a keyboard user arrives: focus starts at the top of the document.
    await page.goto('/app/dashboard')
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
    await expect(page).toHaveTitle(/ · Engage$/)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to content' })
    await expect(skip).toBeFocused()
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('main')).toBeFocused()
    await expect(page.getByRole('main')).toHaveAttribute('id', 'main')
  })

  test('stays out of sight until focused', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Skip to content' })).not.toBeInViewport()
  })
})

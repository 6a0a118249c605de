import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

test.describe('link prefetch (SPEC §9: margin 200 px)', () => {
  test('a link on screen has its lazy page loaded before anyone clicks it; following it then needs no new chunk', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const billingChunk = /\/assets\/BillingPage-[\w-]+\.js$/
    const chunkRequests: string[] = []
    page.on('request', (request) => {
      if (billingChunk.test(new URL(request.url()).pathname)) chunkRequests.push(request.url())
    })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    // The header's credits summary links to /app/billing, whose page (and chart library) is lazy.
    await expect(page.getByRole('link', { name: 'Credits' })).toBeVisible()
    await expect.poll(() => chunkRequests.length, { message: 'the billing chunk was not prefetched' }).toBeGreaterThan(0)
    expect(page.url()).toContain('/app/dashboard')

    const before = chunkRequests.length
    await page.getByRole('link', { name: 'Credits' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
    expect(chunkRequests.length).toBe(before)
  })
})

test.describe('route-level code splitting', () => {
  const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`)

  test('the sign-in page never loads the signed-in shell, and the dashboard never loads the sign-in form', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('button', { name: /^Notifications\b/ })).toBeVisible()
    // Signing in navigates client-side: the shell's chunk is fetched only now, after the form.
    expect(requested.some((p) => chunk('SignInRoute').test(p))).toBe(true)
    const signInAt = requested.findIndex((p) => chunk('SignInRoute').test(p))
    const shellAt = requested.findIndex((p) => chunk('AppRoute').test(p))
    expect(shellAt).toBeGreaterThan(signInAt)

    requested.length = 0
    await page.reload()
    await expect(page.getByRole('button', { name: /^Notifications\b/ })).toBeVisible()
    expect(requested.filter((p) => chunk('AppRoute').test(p))).toHaveLength(1)
    expect(requested.filter((p) => chunk('SignInRoute').test(p) || chunk('VerificationGate').test(p))).toEqual([])
  })

  /**
   * Records in order, in `events`, each request for a chunk of `watched` (by name) and the answer to
   * the session check, which is held until the last of them has been requested (or 5 s pass): a
   * chunk loaded only after the route's guard would be requested after that answer.
   */
  async function watchChunksAndSessionCheck(page: Page, watched: Record<string, string>, events: string[]) {
    const last = Object.values(watched).at(-1)
    let lastRequested!: () => void
    const lastSeen = new Promise<void>((resolve) => (lastRequested = resolve))
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname
      for (const [name, event] of Object.entries(watched)) {
        if (!chunk(name).test(path)) continue
        events.push(event)
        if (event === last) lastRequested()
      }
    })
    await page.route('**/api/users/verify-token', async (route) => {
      await Promise.race([lastSeen, new Promise((resolve) => setTimeout(resolve, 5000))])
      events.push('session check answered')
      await route.continue()
    })
  }

  test("an /app page's code loads while the session is checked, not after the check", async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    const events: string[] = []
    await watchChunksAndSessionCheck(page, { AppRoute: 'shell chunk requested' }, events)
    await page.reload()
    await expect(page.getByRole('button', { name: /^Notifications\b/ })).toBeVisible()
    expect(events.slice(0, 2)).toEqual(['shell chunk requested', 'session check answered'])
  })

  test("a page opened by its address loads through the pages' manifest, also while the session is checked", async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    // The team page is not the landing page: its chunk is named in the pages' manifest, which
    // loads first. Both still leave before the session check is answered.
    const events: string[] = []
    await watchChunksAndSessionCheck(page, { 'app-pages': 'manifest requested', TeamPage: 'page chunk requested' }, events)
    await page.goto('/app/setting/team')
    await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
    expect(events.slice(0, 3)).toEqual(['manifest requested', 'page chunk requested', 'session check answered'])
  })
})

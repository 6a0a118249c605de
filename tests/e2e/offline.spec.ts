/**
 * The offline app shell and updates through a waiting service worker (src/sw/sw.ts; SPEC §4
 * Version check): after one visit the app opens with the network off and says it is offline; a
 * new build's worker brings up the update prompt, and 'Update' lands on the new build.
 */
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'
import { freePort, startServer, stopServer } from './own-server.ts'

/** Resolves once a service worker controls the page (it has installed, precached the shell and claimed the tab). */
async function controlledByWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 })
}

const offlineStatus = (page: Page) => page.getByRole('status').filter({ hasText: "You're offline" })

test.describe('offline app shell', () => {
  test('after one visit, a reload with the network off shows the shell and the kept notifications, says it is offline and disables what needs the server; back online it all comes back', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    const archive = panel.getByRole('button', { name: /^Archive:/ }).first()
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(nav).toBeVisible()
    await expect(page).toHaveURL(/\/app\/dashboard$/)
    await controlledByWorker(page)
    await expect(offlineStatus(page)).toHaveCount(0)
    // Under the worker, the panel's first page goes through it and is kept.
    await bell.click()
    await expect(panel.getByRole('listitem').first()).toBeVisible()
    const firstRow = await panel.getByRole('listitem').first().getAttribute('aria-label')
    await expect(archive).not.toHaveAttribute('aria-disabled')
    await page.keyboard.press('Escape')

    await context.setOffline(true)
    const reloaded = await page.reload()
    // The page came from the worker's precache: the network is off.
    expect(reloaded?.fromServiceWorker()).toBe(true)
    await expect(nav).toBeVisible()
    await expect(page).toHaveURL(/\/app\/dashboard$/)
    await expect(offlineStatus(page)).toBeVisible()
    // The page itself, from the kept permission sets (asked again through the worker once it took control).
    await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible()
    await expect(page.getByText('We could not load your permissions')).toHaveCount(0)
    // The last notifications, read from the cache; their actions disabled, with the reason as their tooltip.
    await bell.click()
    await expect(panel.getByRole('listitem').first()).toHaveAttribute('aria-label', firstRow ?? '')
    await expect(archive).toHaveAttribute('aria-disabled', 'true')
    await expect(archive).toHaveAttribute('data-tip', /Needs a connection: you are offline\.$/)
    await page.keyboard.press('Escape')
    // Sending a bug report needs the server too.
    await page.getByRole('button', { name: 'Report a bug' }).click()
    const report = page.getByRole('dialog', { name: 'Report a bug' })
    await expect(report.getByRole('button', { name: 'Submit' })).toHaveAttribute('aria-disabled', 'true')
    await page.keyboard.press('Escape')
    await expect(report).toHaveCount(0)

    await context.setOffline(false)
    await expect(offlineStatus(page)).toHaveCount(0)
    await expect(nav).toBeVisible()
    await bell.click()
    await expect(archive).not.toHaveAttribute('aria-disabled')
  })

  test('sign-out deletes the kept reads, so the next person on the browser never sees them', async ({ page }) => {
    test.setTimeout(120_000)
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await controlledByWorker(page)
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('engage-api-v1'))).toBe(true)
    await page.goto('/app/signout')
    await expect(page).toHaveURL(/\/signin/)
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).includes('engage-api-v1'))).toBe(false)
  })
})

test.describe('updates through a waiting service worker', () => {
  test("a new build's worker brings up the update prompt, and 'Update' lands on the new build", async ({ browser }) => {
    test.setTimeout(180_000)
    // A server of its own whose "deploy" rewrites index.html, sw.js and version.json in its own
    // static directory (the rest of dist/ linked in): the shared server must keep its build.
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-update-data-'))
    const staticDir = mkdtempSync(join(tmpdir(), 'engage-e2e-update-static-'))
    const dist = join(process.cwd(), 'dist')
    const copied = ['index.html', 'sw.js', 'version.json']
    for (const entry of readdirSync(dist)) {
      if (copied.includes(entry)) copyFileSync(join(dist, entry), join(staticDir, entry))
      else symlinkSync(join(dist, entry), join(staticDir, entry))
    }
    const port = await freePort()
    const server = await startServer(port, dataDir, { STATIC_DIR: staticDir, RATE_LIMITS: 'off' })
    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` })
    try {
      const page = await context.newPage()
      await page.goto('/signin')
      await signIn(page, 'admin@acme.test')
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await controlledByWorker(page)
      await page.evaluate(() => localStorage.setItem('theme', 'dark'))
      const prompt = page.getByRole('region', { name: 'App update' })
      await expect(prompt).toHaveCount(0)

      // The next build: another index.html (so another precache revision, so other worker bytes) and version.
      const indexHtml = readFileSync(join(staticDir, 'index.html'), 'utf8').replace('<head>', '<head><meta name="engage-e2e-build" content="next">')
      writeFileSync(join(staticDir, 'index.html'), indexHtml)
      const worker = readFileSync(join(staticDir, 'sw.js'), 'utf8')
      const nextWorker = worker.replace(/("revision":")[^"]+(","url":"index\.html")/, '$1e2e-next$2')
      expect(nextWorker).not.toBe(worker)
      writeFileSync(join(staticDir, 'sw.js'), nextWorker)
      writeFileSync(join(staticDir, 'version.json'), `${JSON.stringify({ version: '9.9.30+e2e-worker', builtAt: new Date().toISOString(), commit: 'e2e' })}\n`)

      // The browser looks for a new worker (as it does on navigations): it installs and waits.
      await page.evaluate(async () => void (await navigator.serviceWorker.getRegistration('/'))?.update())
      await expect(prompt).toBeVisible({ timeout: 30_000 })
      await expect(prompt).toContainText('A new app version is available.')
      // Waiting, not in charge: the page still runs the old build under the old worker.
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting !== null)).toBe(true)
      await expect(page.locator('meta[name="engage-e2e-build"]')).toHaveCount(0)

      const reloaded = page.waitForEvent('load')
      await prompt.getByRole('button', { name: 'Update' }).click()
      await expect(prompt).toContainText('Updating to the new version…')
      await reloaded
      // The new build, under the new worker, which nothing waits behind; the theme survived.
      await expect(page.locator('meta[name="engage-e2e-build"]')).toHaveCount(1)
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      const registration = await page.evaluate(async () => {
        const r = await navigator.serviceWorker.getRegistration('/')
        return { waiting: r?.waiting ?? null, controlled: navigator.serviceWorker.controller !== null, theme: localStorage.getItem('theme') }
      })
      expect(registration).toEqual({ waiting: null, controlled: true, theme: 'dark' })
      // The new worker's precache holds the new index.html: with the server gone too, the new build opens.
      await context.setOffline(true)
      await stopServer(server)
      await page.reload()
      await expect(page.locator('meta[name="engage-e2e-build"]')).toHaveCount(1)
      await expect(offlineStatus(page)).toBeVisible()
    } finally {
      await context.close()
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(staticDir, { recursive: true, force: true })
    }
  })
})

import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/**
 * SPEC §4 Version check end to end: the server serves E2E_STATIC_DIR/version.json (a copy, see
 * global-setup), so "deploying" a new version is rewriting that file while the app is open.
 */
const versionFile = () => join(process.env.E2E_STATIC_DIR ?? '', 'version.json')
let original = ''

test.beforeAll(() => {
  if (!process.env.E2E_STATIC_DIR) throw new Error('E2E_STATIC_DIR is not set: the global setup did not make the static directory')
  original = readFileSync(versionFile(), 'utf8')
})
// Other specs share this server: they must see the build's own version again.
test.afterAll(() => writeFileSync(versionFile(), original))

function deploy(version: string) {
  writeFileSync(versionFile(), `${JSON.stringify({ version, builtAt: new Date().toISOString(), commit: 'e2e' })}\n`)
}

async function focusWindow(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
}

/** Focuses until the prompt shows: a focus during a check in flight is (rightly) not another check. */
async function focusUntilPrompt(page: Page) {
  await expect(async () => {
    await focusWindow(page)
    await expect(prompt(page)).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 10_000 })
}

const prompt = (page: Page) => page.getByRole('region', { name: 'App update' })

test.describe('version check (SPEC §4)', () => {
  test('a new version served while the app is open shows the prompt on focus; Later hides it until the next version', async ({ page }) => {
    const served = page.waitForResponse((r) => r.url().includes('/version.json'))
    await page.goto('/')
    // The start-up check: the running build is the served one, so no prompt.
    expect((await served).headers()['cache-control']).toBe('no-store')
    await expect(prompt(page)).toHaveCount(0)

    deploy('9.9.9+e2e-one')
    await focusUntilPrompt(page)
    await expect(prompt(page)).toContainText('A new app version is available.')
    await expect(prompt(page).getByRole('button', { name: 'Update' })).toBeVisible()

    await prompt(page).getByRole('button', { name: 'Later' }).click()
    await expect(prompt(page)).toHaveCount(0)
    // The same version again: no prompt, on focus or after a reload (it is the last seen one).
    const checked = page.waitForResponse((r) => r.url().includes('/version.json'))
    await focusWindow(page)
    await checked
    await expect(prompt(page)).toHaveCount(0)
    const checkedAtStart = page.waitForResponse((r) => r.url().includes('/version.json'))
    await page.reload()
    await checkedAtStart
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expect(prompt(page)).toHaveCount(0)

    // The next version brings it back.
    deploy('9.9.10+e2e-two')
    await focusUntilPrompt(page)
  })

  test('Update reloads after 1 s, keeping theme, language, user-preferences and nextjs-router and clearing the rest', async ({ page }) => {
    await page.goto('/')
    await page.evaluate(() => {
      localStorage.setItem('theme', 'dark')
      localStorage.setItem('language', 'en')
      localStorage.setItem('notifications_cache', '[]')
      sessionStorage.setItem('scratch', '1')
    })
    deploy('9.9.11+e2e-three')
    await focusUntilPrompt(page)
    const reloaded = page.waitForEvent('load')
    await prompt(page).getByRole('button', { name: 'Update' }).click()
    await expect(prompt(page)).toContainText('Updating to the new version…')
    await reloaded
    const stored = await page.evaluate(() => ({ local: Object.keys(localStorage).sort(), session: Object.keys(sessionStorage) }))
    expect(stored.local).toContain('theme')
    expect(stored.local).toContain('language')
    expect(stored.local).not.toContain('notifications_cache')
    expect(stored.session).not.toContain('scratch')
    // The theme survived and is applied before the first render.
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
  })

  // Without a service worker: once the worker controls the page, every chunk of the running build
  // is answered from its precache and none can be lost (the offline spec covers that side).
  test.describe('without a service worker', () => {
    test.use({ serviceWorkers: 'block' })

    test('a chunk lost to a deploy reloads the page (the server serves another build)', async ({ page }) => {
      await page.goto('/signin')
      await signIn(page, 'admin@acme.test')
      const switcher = page.getByRole('button', { name: /^Workspace\b/ })
      await expect(switcher).toBeVisible()
      // The switcher's content is a lazy chunk that the new deploy no longer has. (A failure while the
      // server is down or still serves this build never reloads: src/system/versionCheck.test.ts, and the
      // server-restart test in faults.spec.ts.)
      await page.route(/\/assets\/WorkspaceSwitcherPanel-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }))
      deploy('9.9.12+e2e-lost-chunk')
      const reloaded = page.waitForEvent('load')
      await switcher.click()
      await reloaded
      await expect(page.getByRole('button', { name: /^Workspace\b/ })).toBeVisible()
    })
  })
})

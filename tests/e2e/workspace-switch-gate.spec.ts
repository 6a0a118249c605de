/**
 * Switching workspace on a settings page asks the new workspace for
 * nothing the person may not read there. The access gate decides for the page on screen (the
 * presented route match), so the previous page never renders, and fetches, under the new
 * workspace while the address passes through `/app`. Ada is Super Admin in Acme Support and holds
 * a narrower role in Globex.
 */
import { expect, signIn, test } from './fixtures.ts'

// Settings pages that fetch their data when shown; each is checked across the switch.
const PAGES = [
  '/app/setting/team',
  '/app/setting/roles',
  '/app/setting/audit-log',
  '/app/billing',
  '/app/setting/workspace-settings',
  '/app/setting/team/invite',
]

test.describe('workspace switch and the access gate', () => {
  for (const path of PAGES) {
    test(`switching to Globex on ${path}: no 403, no console error`, async ({ page }) => {
      await page.goto('/signin')
      await signIn(page, 'admin@acme.test')
      await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // Team Members: its members have loaded in Acme before the switch.
      if (path === '/app/setting/team') await expect(page.getByRole('grid', { name: 'Team members' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      const refused: string[] = []
      const consoleErrors: string[] = []
      page.on('response', (r) => {
        if (r.status() === 403) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`)
      })
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text())
      })
      const workspace = page.getByRole('button', { name: /^Workspace\b/ })
      await workspace.click()
      await page.getByRole('dialog', { name: 'Switch workspace' }).getByRole('option', { name: 'Globex' }).click()
      await expect(workspace).toHaveText('Globex')
      await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
      await page.waitForLoadState('networkidle')
      expect(refused).toEqual([])
      expect(consoleErrors).toEqual([])
    })
  }
})

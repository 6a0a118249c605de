/**
 * The settings pages in Debian's Chromium against the real server: the role editor's select-all
 * boxes, no sideways scroll on the settings pages at 390 px, every member's actions on screen at
 * 768 px and no Remove for the only Super Admin (the workspace switch on Team Members is in
 * workspace-switch-gate.spec.ts), preferences saved on change, a failed push subscription not retried on navigation, and the bug-report modal's Close
 * button over a floating button that a dialog's backdrop covers.
 */
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

async function signInAs(page: Page, email: string, width = 1280) {
  await page.setViewportSize({ width, height: 844 })
  await page.goto('/signin')
  await signIn(page, email)
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
}

/** Clicks a react-aria checkbox as a person does: on its visible box (the native input is visually hidden inside its label). */
async function tick(page: Page, name: string) {
  await page.getByRole('checkbox', { name, exact: true }).locator('xpath=ancestor::label').click()
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

test.describe('settings polish', () => {
  test('create role: the row box ticks a whole resource and the column box an action on every resource, tri-state', async ({ page }) => {
    await signInAs(page, 'admin@acme.test', 1440)
    await page.goto('/app/setting/roles/create-role')
    const workflows = page.getByRole('checkbox', { name: 'All permissions for Workflows', exact: true })
    await expect(workflows).not.toBeChecked()
    await tick(page, 'View Workflows')
    await expect(workflows).toBeChecked({ indeterminate: true })
    await tick(page, 'All permissions for Workflows')
    await expect(workflows).toBeChecked()
    for (const action of ['Create', 'View', 'Edit', 'Delete', 'Execute', 'Export', 'Import']) {
      await expect(page.getByRole('checkbox', { name: `${action} Workflows`, exact: true })).toBeChecked()
    }
    await tick(page, 'All permissions for Workflows')
    await expect(page.getByRole('checkbox', { name: 'Create Workflows', exact: true })).not.toBeChecked()

    const create = page.getByRole('checkbox', { name: 'Create on every resource' })
    await tick(page, 'Create on every resource')
    await expect(create).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Create Billing', exact: true })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Create Team Members', exact: true })).toBeChecked()
    // One action of seven on a row: its box is mixed.
    await expect(page.getByRole('checkbox', { name: 'All permissions for Billing' })).toBeChecked({ indeterminate: true })
    await tick(page, 'Create Billing')
    await expect(create).toBeChecked({ indeterminate: true })
    await tick(page, 'Create on every resource')
    await expect(create).toBeChecked()
    await tick(page, 'Create on every resource')
    await expect(create).not.toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Create Billing', exact: true })).not.toBeChecked()
  })

  test('at 390 px, Team Members and Create role do not scroll sideways, and the per-action boxes are there as a compact row', async ({ page }) => {
    await signInAs(page, 'admin@acme.test', 390)
    await page.goto('/app/setting/team')
    await expect(page.getByRole('heading', { name: 'Team Members' })).toBeVisible()
    await expect(page.getByText('sam', { exact: false }).first()).toBeVisible()
    expect(await noSidewaysScroll(page)).toBe(true)

    await page.goto('/app/setting/roles/create-role')
    await expect(page.getByRole('checkbox', { name: 'All permissions for Workflows', exact: true })).toBeAttached()
    expect(await noSidewaysScroll(page)).toBe(true)
    const view = page.getByRole('checkbox', { name: 'View on every resource' })
    await expect(view.locator('xpath=ancestor::label')).toBeVisible()
    await tick(page, 'View on every resource')
    await expect(page.getByRole('checkbox', { name: 'View Reports', exact: true })).toBeChecked()
    await tick(page, 'All permissions for Reports')
    await expect(page.getByRole('checkbox', { name: 'Export Reports', exact: true })).toBeChecked()
    expect(await noSidewaysScroll(page)).toBe(true)
  })

  test('at 768 px with the sidebar open, every member’s actions are on screen; the only Super Admin is offered no Remove', async ({ page }) => {
    await signInAs(page, 'admin@acme.test', 768)
    await page.goto('/app/setting/team')
    const edit = page.getByRole('button', { name: 'Edit roles for Sam Agent' })
    await expect(edit).toBeVisible()
    // The table gets 464 px beside the sidebar: cards, not a sideways scroll inside the table.
    const box = await edit.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(768)
    await expect(page.getByRole('button', { name: 'Remove Sam Agent' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Remove Ada Admin' })).toHaveCount(0)
    await expect(page.getByText('Only Super Admin')).toBeVisible()
    expect(await noSidewaysScroll(page)).toBe(true)
  })

  test('a preference switch saves on change, says "Saved" beside its section, and is kept after a reload', async ({ page }) => {
    await signInAs(page, 'admin@acme.test')
    await page.goto('/app/notification-settings')
    await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Save preferences' })).toHaveCount(0)
    const marketing = page.getByRole('switch', { name: /Marketing & News/ })
    await expect(marketing).toBeEnabled()
    const before = await marketing.isChecked()
    const saves: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/notifications/preferences')) saves.push(r.url())
    })
    await marketing.locator('xpath=ancestor::label').click()
    await expect(marketing).toBeChecked({ checked: !before })
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()
    await expect(page.getByText('Preferences saved successfully')).toBeVisible()
    expect(saves).toHaveLength(1)

    await page.reload()
    const again = page.getByRole('switch', { name: /Marketing & News/ })
    await expect(again).toBeEnabled()
    await expect(again).toBeChecked({ checked: !before })
    // Put it back for the other specs.
    await again.locator('xpath=ancestor::label').click()
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()
  })

  test('a failed push subscription is not tried again on navigation or reload; "Turn on push notifications" tries once more', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL })
    const attempts: string[] = []
    const warnings: string[] = []
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname
      if (path.endsWith('/web-push/vapid-public-key') || path.endsWith('/web-push/subscribe')) attempts.push(path)
    })
    page.on('console', (m) => {
      if (m.type() === 'warning' && m.text().startsWith('Push: subscribing failed')) warnings.push(m.text())
    })
    await signInAs(page, 'agent@acme.test')
    await expect.poll(() => attempts.length, { timeout: 20_000 }).toBeGreaterThan(0)
    // This Chromium has no push service; where one answers, nothing failed and there is nothing to retry.
    const subscribed = attempts.some((p) => p.endsWith('/subscribe'))
    test.skip(subscribed, 'this browser could subscribe: no failure to retry')
    await expect.poll(() => warnings.length, { timeout: 20_000 }).toBe(1)
    const afterFailure = attempts.length

    // Client-side navigation (the user menu's Settings, then the sidebar's Overview), then a reload.
    await page.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/profile-settings')
    await page.waitForTimeout(500)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Overview/ }).first().click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await page.waitForTimeout(500)
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.waitForTimeout(1500)
    expect(attempts).toHaveLength(afterFailure)
    expect(warnings).toHaveLength(1)

    await page.goto('/app/notification-settings')
    await expect(page.locator('[data-push-status]')).toContainText('could not subscribe to push')
    expect(attempts).toHaveLength(afterFailure)
    await page.getByRole('button', { name: 'Turn on push notifications' }).click()
    await expect.poll(() => attempts.length).toBeGreaterThan(afterFailure)
  })

  test('the bug-report modal has a Close button, and an open dialog’s backdrop covers the floating button', async ({ page }) => {
    await signInAs(page, 'admin@acme.test')
    const button = page.getByRole('button', { name: 'Report a bug' })
    await button.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    const box = await button.boundingBox()
    if (!box) throw new Error('the floating button has no box')
    const onTop = await page.evaluate(([x, y]) => {
      const hit = document.elementFromPoint(x!, y!)
      return { isButton: hit?.closest('button[aria-label="Report a bug"]') !== null, inOverlay: hit?.closest('[data-rac]') !== null }
    }, [box.x + box.width / 2, box.y + box.height / 2])
    expect(onTop).toEqual({ isButton: false, inOverlay: true })
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(button).toBeVisible()
  })
})

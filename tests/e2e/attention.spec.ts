/**
 * Attention outside the page: the unread count in the tab title and the urgent-sound
 * switch. Demo data (server/notifications/seed.ts): admin@acme.test has 120 unread in Acme Support
 * and 5 in Globex.
 */
import { expect, signIn, test } from './fixtures.ts'

test.describe('attention outside the page', () => {
  test('the tab title leads with the unread count, capped like the bell, and loses it after mark all read', async ({ page }) => {
    await page.goto('/signin')
    // Signed out: no prefix.
    await expect(page).toHaveTitle(/^(?!\()/)
    await signIn(page, 'admin@acme.test')
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    await expect(bell).toHaveText('99+ unread')
    // 120 unread: the title is capped as the bell's badge is, "(99+) " (src/system/attention.ts titlePrefix).
    await expect(page).toHaveTitle(/^\(99\+\) Overview · Engage$/)

    // Mark all read in Globex (5 unread), leaving Acme Support's 120 for the other specs.
    const workspace = page.getByRole('button', { name: /^Workspace\b/ })
    await workspace.click()
    await page.getByRole('dialog', { name: 'Switch workspace' }).getByRole('option', { name: 'Globex' }).click()
    await expect(workspace).toHaveText('Globex')
    await expect(bell).toHaveText('5 unread')
    await expect(page).toHaveTitle(/^\(5\) Overview · Engage$/)
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await panel.getByRole('button', { name: 'Notification actions' }).click()
    await page.getByRole('menuitem', { name: 'Mark all read' }).click()
    await expect(page.getByRole('button', { name: 'Notifications', includeHidden: true })).toHaveText('')
    await expect(page).toHaveTitle('Overview · Engage')
  })

  test("'Play a sound for urgent notifications' is off by default and stays on across a reload", async ({ page }) => {
    await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fnotification-settings')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible()
    const sound = page.getByRole('switch', { name: 'Play a sound for urgent notifications' })
    await expect(sound).not.toBeChecked()
    await sound.locator('xpath=ancestor::label').click()
    await expect(sound).toBeChecked()
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Play a sound for urgent notifications' })).toBeChecked()
    // While the page is titled by PageHeader, the count still leads (agent has 3 unread).
    await expect(page).toHaveTitle(/^\(\d+\) Notification Settings · Engage$/)
  })
})

/**
 * Notifications end to end (SPEC §2.6 panel, §3 Notification, §4 Notifications): the demo data
 * (server/notifications/seed.ts) gives admin@acme.test 120 unread in Acme Support, one with a
 * `javascript:` action URL (the 6th, `UNSAFE_ACTION_INDEX`), and agent@acme.test 3.
 */
import { DEMO_NOTIFICATION_COUNTS, demoNotification, UNSAFE_ACTION_INDEX } from '../../server/notifications/seed.ts'
import { expect, notify, signIn, test } from './fixtures.ts'

/** Admin's demo notification `i` in Acme Support (0 = newest). */
const adminAcme = (i: number) => demoNotification(DEMO_NOTIFICATION_COUNTS[0], i)

test.describe('notifications', () => {
  test('agent@acme.test marks one read and the count drops', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    await expect(bell).toHaveText('3 unread')
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await panel
      .getByRole('button', { name: /^Mark read:/ })
      .first()
      .click()
    await expect(page.getByRole('button', { name: 'Notifications', includeHidden: true })).toHaveText('2 unread')
    // The server kept it: after a reload the count is still 2.
    await page.reload()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toHaveText('2 unread')
  })

  test('admin@acme.test sees 99+, no link for a javascript: URL, and mark all read empties the unread filter', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    await expect(bell).toHaveText('99+ unread')
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })

    const unsafe = panel.getByRole('listitem').filter({ hasText: adminAcme(UNSAFE_ACTION_INDEX).body })
    await expect(unsafe).toBeVisible()
    await expect(unsafe.getByRole('link')).toHaveCount(0)
    // Its neighbours with safe paths do get one.
    await expect(
      panel
        .getByRole('listitem')
        .filter({ hasText: adminAcme(1).body })
        .getByRole('link'),
    ).toHaveCount(1)

    await panel.getByRole('radio', { name: 'Unread' }).click()
    // The bulk actions are in the '⋯' menu.
    await panel.getByRole('button', { name: 'Notification actions' }).click()
    await page.getByRole('menuitem', { name: 'Mark all read' }).click()
    await expect(panel.getByText('No unread notifications')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Notifications', includeHidden: true })).toHaveText('')
    // The server agrees: after a reload there is still nothing unread.
    await page.reload()
    await expect(page.getByRole('banner').getByRole('button', { name: 'Notifications' })).toHaveText('')
  })

  test('a notification created while the panel is open arrives live (stream), at the top', async ({ page }) => {
    test.setTimeout(60_000)
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    await expect(bell).toHaveText(/unread$/)
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(panel.getByRole('listitem').first()).toBeVisible()
    const title = `Live check ${Date.now().toString(36)}`
    await notify('agent@acme.test', 'Acme Support', title)
    // Well under the 30 s poll: it came over the stream.
    await expect(panel.getByRole('listitem').first()).toContainText(title, { timeout: 10_000 })
  })
})

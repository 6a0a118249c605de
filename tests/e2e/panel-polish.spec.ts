/**
 * Items 2, 3, 4 and the toasts of 13: the notifications panel closes when it
 * navigates, its head (the title, then All / Unread / Snoozed / Archived and '⋯' on one row) fits at 390 and 1440 px, 'Delete all' can
 * be undone from a toast that sits clear of the floating bug-report button, the unread filter with
 * nothing unread offers no 'Load more', and the demo notifications read like real ones.
 *
 * The demo admin's notifications are shared with the other specs (one e2e database), which read
 * and delete some of them: nothing here assumes which are still unread. Unread marks are checked
 * on a fresh person's own notifications.
 */
import type { Locator, Page } from '@playwright/test'
import { DEMO_NOTIFICATION_COUNTS, demoNotification } from '../../server/notifications/seed.ts'
import { expect, notify, signIn, signUpFreshPerson, test } from './fixtures.ts'

const adminAcme = (i: number) => demoNotification(DEMO_NOTIFICATION_COUNTS[0], i)

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByRole('listitem').first()).toBeVisible()
  return panel
}

async function signInAdmin(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 900 })
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL(/\/app\/dashboard/)
}

/** The titles of the rows on screen, in order, with their unread state. */
const rows = (panel: Locator) => panel.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')))

test.describe('notifications panel polish', () => {
  test('the demo notifications read like real ones, not "system notification N of M"', async ({ page }) => {
    await signInAdmin(page, 1440)
    const panel = await openPanel(page)
    const texts = await panel.getByRole('listitem').allInnerTexts()
    expect(texts.length).toBeGreaterThan(5)
    for (const text of texts) expect(text).not.toMatch(/notification \d+ of \d+/)
    await expect(panel.getByRole('listitem').first()).toContainText(adminAcme(0).title)
    await expect(panel.getByRole('listitem').first()).toContainText(adminAcme(0).body)
    // Varied: the first page does not repeat one title.
    const titles = await rows(panel)
    expect(new Set(titles).size).toBe(titles.length)
  })

  test('the panel closes after View all notifications and after a notification link', async ({ page }) => {
    await signInAdmin(page, 1440)
    let panel = await openPanel(page)
    await panel.getByRole('link', { name: 'View all notifications' }).click()
    await expect(page).toHaveURL(/\/app\/setting\/profile-settings\?tab=notification-settings/)
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden()

    panel = await openPanel(page)
    const row = panel.getByRole('listitem').filter({ hasText: adminAcme(1).body })
    await row.getByRole('link').click()
    await expect(page).toHaveURL(/\/app\/dashboard/)
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden()
  })

  for (const width of [390, 1440]) {
    test(`the head at ${width} px: the title, then All / Unread / Snoozed / Archived and the ⋯ menu on one row`, async ({ page }) => {
      await signInAdmin(page, width)
      const panel = await openPanel(page)
      const boxes = await Promise.all(
        [
          panel.getByRole('radio', { name: 'All', exact: true }),
          panel.getByRole('radio', { name: 'Unread' }),
          panel.getByRole('radio', { name: 'Snoozed' }),
          panel.getByRole('radio', { name: 'Archived' }),
          panel.getByRole('button', { name: 'Notification actions' }),
        ].map(async (l) => (await l.boundingBox())!),
      )
      // Four filters do not fit beside the title in the 24rem panel: they and the menu share the row under it.
      const title = (await panel.getByRole('heading', { name: 'Notifications' }).boundingBox())!
      const middles = boxes.map((b) => b.y + b.height / 2)
      for (const m of middles) expect(Math.abs(m - middles[0]!)).toBeLessThanOrEqual(3)
      expect(title.y + title.height).toBeLessThanOrEqual(boxes[0]!.y + 1)
      // Everything fits the panel.
      const fits = await panel.evaluate((d) => d.scrollWidth <= d.clientWidth)
      expect(fits).toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
      // The bulk actions are in the menu, with the spec's words; urgent and unread rows are marked.
      await panel.getByRole('button', { name: 'Notification actions' }).click()
      await expect(page.getByRole('menuitem', { name: 'Mark all read' })).toBeVisible()
      await expect(page.getByRole('menuitem', { name: 'Delete all' })).toBeVisible()
      await page.keyboard.press('Escape')
      // Urgent rows are marked in words, not colour alone (read or not: other specs may have read them).
      const urgent = panel.locator('li[data-urgent="true"]').first()
      await expect(urgent).toContainText('Urgent')
    })

    test(`delete all, then Undo in the toast (clear of the bug-report button at ${width} px), brings back the same list`, async ({ page }) => {
      await signInAdmin(page, width)
      const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
      const panel = await openPanel(page)
      // Read once the list is on screen: the unread count arrives with it (earlier, an empty badge
      // only means it has not arrived; how many are unread depends on the specs run before).
      const badge = await bell.textContent()
      const before = await rows(panel)
      await panel.getByRole('button', { name: 'Notification actions' }).click()
      await page.getByRole('menuitem', { name: 'Delete all' }).click()
      // At once: the list is gone and the toast offers Undo.
      await expect(panel.getByText('No notifications yet')).toBeVisible()
      const toast = page.getByRole('status').filter({ hasText: /notifications deleted/ })
      await expect(toast).toBeVisible()
      const toastBox = (await toast.boundingBox())!
      const fab = (await page.getByRole('button', { name: 'Report a bug', includeHidden: true }).boundingBox())!
      const overlaps =
        toastBox.x < fab.x + fab.width && fab.x < toastBox.x + toastBox.width && toastBox.y < fab.y + fab.height && fab.y < toastBox.y + toastBox.height
      expect(overlaps).toBe(false)
      await expect(toast.locator('svg').first()).toBeVisible()

      await toast.getByRole('button', { name: 'Undo' }).click()
      await expect(toast).toBeHidden()
      await expect(panel.getByRole('listitem').first()).toBeVisible()
      expect(await rows(panel)).toEqual(before)
      await expect(bell).toHaveText(badge ?? '')
      // Nothing was deleted on the server: past the 5 s window and a reload, the list is the same.
      await page.waitForTimeout(5_500)
      await page.reload()
      const again = await openPanel(page)
      expect(await rows(again)).toEqual(before)
    })
  }

  test('without Undo, the delete-all is sent when the window lapses and stays after a reload', async ({ page }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Undo', 'a-long-demo-password')
    await notify(person.email, person.orgName, 'Older notice')
    await notify(person.email, person.orgName, 'Newer notice')
    await page.reload()
    const panel = await openPanel(page)
    await expect(panel.getByRole('listitem')).toHaveCount(2)
    // New ones are unread, and say so.
    await expect(panel.getByRole('listitem').first()).toHaveAttribute('aria-label', /^Unread: /)
    await panel.getByRole('button', { name: 'Notification actions' }).click()
    await page.getByRole('menuitem', { name: 'Delete all' }).click()
    await expect(page.getByRole('status').filter({ hasText: '2 notifications deleted' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: '2 notifications deleted' })).toBeHidden({ timeout: 10_000 })
    // Give the DELETEs a moment, then the server's answer after a reload: none left.
    await page.waitForTimeout(1_000)
    await page.reload()
    await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click()
    await expect(page.getByRole('dialog', { name: 'Notifications' }).getByText('No notifications yet')).toBeVisible()
  })

  test('the Unread filter with everything read offers no Load more', async ({ page }) => {
    await signInAdmin(page, 1440)
    const panel = await openPanel(page)
    await expect(panel.getByRole('button', { name: 'Load more' })).toBeVisible()
    await panel.getByRole('button', { name: 'Notification actions' }).click()
    // Other specs may have read them all already: then 'Mark all read' is disabled.
    const markAll = page.getByRole('menuitem', { name: 'Mark all read' })
    if ((await markAll.getAttribute('aria-disabled')) === 'true') await page.keyboard.press('Escape')
    else await markAll.click()
    await panel.getByRole('radio', { name: 'Unread' }).click()
    await expect(panel.getByText('No unread notifications')).toBeVisible()
    await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0)
    // The all filter still offers the next page.
    await panel.getByRole('radio', { name: 'All', exact: true }).click()
    await expect(panel.getByRole('button', { name: 'Load more' })).toBeVisible()
  })
})

/**
 * Archive, delete and snooze can be taken back: a toast with 'Undo' for 5 s restores exactly
 * what was there (in the panel and on /app/notifications, one row or several), and nothing is lost
 * when the tab closes within the window. The bell's panel: about 420 px wide, six rows in view at
 * 1440×900, row buttons shown on hover and focus (always on a touch screen), category chips that
 * never run under its edge.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, notify, signIn, signUpFreshPerson, test } from './fixtures.ts'

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel.getByRole('listitem').first()).toBeVisible()
  return panel
}

/** The rows' names (`Unread: Title` or `Title`), in order. */
const rows = (list: Locator) => list.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')))

const opacity = (button: Locator) => button.evaluate((b) => getComputedStyle(b.parentElement!).opacity)

test.describe('undo', () => {
  test('archive, delete and snooze in the panel and on the page offer Undo, which brings back exactly what was there; a tab closed in the window loses nothing', async ({ page }) => {
    test.setTimeout(240_000)
    await page.setViewportSize({ width: 1440, height: 900 })
    const person = await signUpFreshPerson(page, 'Undo', 'a-long-demo-password')
    for (const title of ['Oldest', 'Middle', 'Newest']) await notify(person.email, person.orgName, title)
    await page.reload()
    let panel = await openPanel(page)
    const all = ['Unread: Newest', 'Unread: Middle', 'Unread: Oldest']
    await expect.poll(() => rows(panel)).toEqual(all)

    // Panel: archive one row; the toast offers Undo, and Undo puts it back where it was.
    await panel.getByRole('listitem', { name: 'Unread: Middle' }).hover()
    await panel.getByRole('button', { name: 'Archive: Middle' }).click()
    await expect.poll(() => rows(panel)).toEqual(['Unread: Newest', 'Unread: Oldest'])
    const archived = page.getByRole('status').filter({ hasText: '1 notification archived' })
    await expect(archived).toBeVisible()
    await archived.getByRole('button', { name: 'Undo' }).click({ timeout: 4_000 })
    await expect.poll(() => rows(panel)).toEqual(all)

    // Snooze from the row's menu, then Undo.
    await panel.getByRole('listitem', { name: 'Unread: Newest' }).hover()
    await panel.getByRole('button', { name: 'Snooze: Newest' }).click()
    await page.getByRole('menuitem', { name: /^1 hour/ }).click()
    await expect.poll(() => rows(panel)).toEqual(['Unread: Middle', 'Unread: Oldest'])
    await page.getByRole('status').filter({ hasText: '1 notification snoozed' }).getByRole('button', { name: 'Undo' }).click({ timeout: 4_000 })
    await expect.poll(() => rows(panel)).toEqual(all)
    await page.keyboard.press('Escape')

    // The page: two rows ticked and deleted together; one toast, and its Undo brings both back.
    await page.goto('/app/notifications')
    const list = page.getByRole('list', { name: 'Notifications' })
    await expect.poll(() => rows(list)).toEqual(all)
    // The checkbox's box (its input is visually hidden, as react-aria draws its own).
    await list.getByRole('listitem', { name: 'Unread: Newest' }).locator('label').click()
    await list.getByRole('listitem', { name: 'Unread: Oldest' }).locator('label').click()
    await page.getByRole('toolbar', { name: 'Selected notifications' }).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => rows(list)).toEqual(['Unread: Middle'])
    const deleted = page.getByRole('status').filter({ hasText: '2 notifications deleted' })
    await expect(deleted).toBeVisible()
    await deleted.getByRole('button', { name: 'Undo' }).click({ timeout: 4_000 })
    await expect.poll(() => rows(list)).toEqual(all)

    // Undone means never sent: after the window and a reload the server still has all three in the inbox.
    await page.waitForTimeout(5_500)
    await page.reload()
    await expect.poll(() => rows(page.getByRole('list', { name: 'Notifications' }))).toEqual(all)

    // Archive, then close the tab at once: the archive reaches the server all the same.
    await page.getByRole('listitem', { name: 'Unread: Oldest' }).hover()
    await page.getByRole('button', { name: 'Archive: Oldest' }).click()
    await expect(page.getByRole('status').filter({ hasText: '1 notification archived' })).toBeVisible()
    const context = page.context()
    await page.close({ runBeforeUnload: true })
    const again = await context.newPage()
    await again.setViewportSize({ width: 1440, height: 900 })
    await again.goto('/app/notifications')
    await expect.poll(() => rows(again.getByRole('list', { name: 'Notifications' }))).toEqual(['Unread: Newest', 'Unread: Middle'])
    panel = await openPanel(again)
    await panel.getByRole('radio', { name: 'Archived' }).click()
    await expect.poll(() => rows(panel)).toEqual(['Unread: Oldest'])
  })
})

test.describe('bell panel room', () => {
  test('about 420 px wide, six rows in view at 1440×900, buttons on hover and focus, chips inside the panel', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    const panel = await openPanel(page)
    const box = (await panel.boundingBox())!
    expect(Math.abs(box.width - 420)).toBeLessThanOrEqual(2)

    // Six rows wholly inside the list's scroll area (SPEC §9: 24rem).
    const inView = await panel.getByRole('listitem').first().evaluate((first) => {
      let scroller: HTMLElement | null = first.parentElement
      while (scroller && getComputedStyle(scroller).overflowY !== 'auto') scroller = scroller.parentElement
      const view = scroller!.getBoundingClientRect()
      return [...scroller!.querySelectorAll('li')].filter((li) => {
        const r = li.getBoundingClientRect()
        return r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5
      }).length
    })
    expect(inView).toBeGreaterThanOrEqual(6)

    // A row's buttons: hidden until the row is hovered or holds focus.
    const second = panel.getByRole('listitem').nth(1)
    const name = (await second.getAttribute('aria-label'))!.replace(/^Unread: /, '')
    const archive = second.getByRole('button', { name: `Archive: ${name}` })
    await page.mouse.move(0, 0)
    await expect.poll(() => opacity(archive)).toBe('0')
    await second.hover()
    await expect.poll(() => opacity(archive)).toBe('1')
    await page.mouse.move(0, 0)
    await expect.poll(() => opacity(archive)).toBe('0')
    await archive.focus()
    await expect.poll(() => opacity(archive)).toBe('1')

    // Every category chip lies wholly inside the panel.
    const chips = await panel.getByRole('radiogroup', { name: 'Category' }).getByRole('radio').evaluateAll((buttons) =>
      buttons.map((b) => {
        const r = b.getBoundingClientRect()
        return { left: r.left, right: r.right }
      }),
    )
    expect(chips.length).toBeGreaterThan(3)
    for (const chip of chips) expect(chip.left >= box.x && chip.right <= box.x + box.width).toBe(true)
  })

  test('on a touch screen the row buttons are always shown', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
    const page = await context.newPage()
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    const panel = await openPanel(page)
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    const first = panel.getByRole('listitem').first()
    const name = (await first.getAttribute('aria-label'))!.replace(/^Unread: /, '')
    await expect.poll(() => opacity(first.getByRole('button', { name: `Archive: ${name}` }))).toBe('1')
    await context.close()
  })
})

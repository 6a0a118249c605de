/**
 * The inbox's views in Chromium against the real server: a notification snoozed until a
 * chosen moment leaves the inbox, waits in the Snoozed tab and comes back unread, live (the
 * server's wake-up announced on the stream, no reload); category tabs with counts narrow the list
 * and the choice is kept for the person after a reload; axe finds nothing serious in the panel.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import { OUTLIVING_PROBE_MESSAGE } from '../../src/platform/service-worker-caches.ts'
import { expect, notify, signUpFreshPerson, test } from './fixtures.ts'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click()
  const panel = page.getByRole('dialog', { name: 'Notifications' })
  await expect(panel).toBeVisible()
  return panel
}

const rows = (panel: Locator) => panel.getByRole('listitem').evaluateAll((lis) => lis.map((li) => li.getAttribute('aria-label')))

/** Serious and critical WCAG 2 A/AA violations (axe-core) inside `selector`, by rule id. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null }> }> } }).axe
    const result = await axe.run(
      { include: [include], exclude: [['[data-live-announcer]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    )
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
  }, selector)
}

test.describe('inbox views', () => {
  test('a snoozed notification waits in Snoozed and comes back unread at its moment, live', async ({ page }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Snooze', 'a-long-demo-password')
    await notify(person.email, person.orgName, 'Keep me')
    await notify(person.email, person.orgName, 'Call Dana back')
    await page.reload()
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    await expect(bell).toHaveText('2 unread')
    const panel = await openPanel(page)
    await expect.poll(() => rows(panel)).toEqual(['Unread: Call Dana back', 'Unread: Keep me'])

    // 'Pick a time…': the field offers tomorrow at 9:00; a moment in the past is refused first.
    await panel.getByRole('button', { name: 'Snooze: Call Dana back' }).click()
    await page.getByRole('menuitem', { name: 'Pick a time…' }).click()
    const picker = page.getByRole('dialog', { name: 'Snooze until' })
    const field = picker.getByLabel('Date and time')
    const offered = await field.inputValue()
    await field.fill('2020-01-01T09:00')
    await picker.getByRole('button', { name: 'Snooze' }).click()
    await expect(picker.getByText('Choose a moment in the future')).toBeVisible()
    await field.fill(offered)
    const snoozed = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/notifications\/[^/]+\/snooze$/.test(r.url()))
    await picker.getByRole('button', { name: 'Snooze' }).click()
    const response = await snoozed
    expect(response.status()).toBe(204)
    expect(new Date((response.request().postDataJSON() as { until: string }).until).getHours()).toBe(9)
    await expect(picker).toBeHidden()

    // Out of the inbox and its count at once; listed under Snoozed with its moment.
    const reopened = (await panel.isVisible()) ? panel : await openPanel(page)
    await expect.poll(() => rows(reopened)).toEqual(['Unread: Keep me'])
    await expect(bell).toHaveText('1 unread')
    await reopened.getByRole('radio', { name: 'Snoozed' }).click()
    await expect.poll(() => rows(reopened)).toEqual(['Unread: Call Dana back'])
    await expect(reopened.getByText('Back Tomorrow, 9:00 AM')).toBeVisible()
    await reopened.getByRole('radio', { name: 'All', exact: true }).click()

    // Waiting for tomorrow is not a test: the snooze is moved to 2 s from now with the same call
    // (snoozing again moves the moment), sent with this page's own session.
    const moved = await page.evaluate(async (path) => {
      const token = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('access_token='))
          ?.slice('access_token='.length) ?? '',
      )
      const org = localStorage.getItem('current_org_id') ?? ''
      const list = await fetch('/api/common-services/notifications?view=snoozed&page=1&limit=20', {
        headers: { authorization: `Bearer ${token}`, 'x-org-id': org },
      })
      const { notifications } = (await list.json()) as { notifications: Array<{ _id: string }> }
      const answer = await fetch(`/api/common-services/notifications/${notifications[0]!._id}${path}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'x-org-id': org, 'content-type': 'application/json' },
        body: JSON.stringify({ until: new Date(Date.now() + 2_000).toISOString() }),
      })
      return answer.status
    }, '/snooze')
    expect(moved).toBe(204)

    // The wake-up (every 15 s on the server) reaches the open page on the stream: back on top, unread.
    await expect.poll(() => rows(reopened), { timeout: 40_000 }).toEqual(['Unread: Call Dana back', 'Unread: Keep me'])
    await expect(bell).toHaveText('2 unread')
    await reopened.getByRole('radio', { name: 'Snoozed' }).click()
    await expect(reopened.getByText('Nothing snoozed')).toBeVisible()
  })

  test('category tabs with counts narrow the list; the choice is kept after a reload; axe finds nothing serious', async ({ page }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Tabs', 'a-long-demo-password')
    await notify(person.email, person.orgName, 'Card declined', { category: 'alert' })
    await notify(person.email, person.orgName, 'Webhook failing', { category: 'alert' })
    await notify(person.email, person.orgName, 'Dana replied', { category: 'message' })
    await page.reload()
    let panel = await openPanel(page)
    const tabs = panel.getByRole('radiogroup', { name: 'Category' })
    await expect(tabs.getByRole('radio', { name: 'Alerts, 2' })).toBeVisible()
    await expect(tabs.getByRole('radio', { name: 'Messages, 1' })).toBeVisible()
    await tabs.getByRole('radio', { name: 'Alerts, 2' }).click()
    await expect.poll(() => rows(panel)).toEqual(['Unread: Webhook failing', 'Unread: Card declined'])

    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])

    await page.keyboard.press('Escape')
    await page.reload()
    panel = await openPanel(page)
    await expect(panel.getByRole('radiogroup', { name: 'Category' }).getByRole('radio', { name: 'Alerts, 2' })).toBeChecked()
    await expect.poll(() => rows(panel)).toEqual(['Unread: Webhook failing', 'Unread: Card declined'])
    await panel.getByRole('radio', { name: 'All categories' }).click()
    await expect.poll(() => rows(panel)).toEqual(['Unread: Dana replied', 'Unread: Webhook failing', 'Unread: Card declined'])
  })

  test('the page: j/k move, x selects, e archives the selected, u toggles read, the bulk bar deletes; the server agrees', async ({ page }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Keys', 'a-long-demo-password')
    for (const title of ['First', 'Second', 'Third', 'Fourth']) await notify(person.email, person.orgName, title)
    await page.goto('/app/notifications')
    const list = page.getByRole('list', { name: 'Notifications' })
    await expect.poll(() => rows(list)).toEqual(['Unread: Fourth', 'Unread: Third', 'Unread: Second', 'Unread: First'])
    const cursorRow = () => list.locator('li[data-cursor]').getAttribute('aria-label')

    await page.keyboard.press('j')
    await expect.poll(cursorRow).toBe('Unread: Fourth')
    await page.keyboard.press('x')
    await page.keyboard.press('j')
    await page.keyboard.press('x')
    const bar = page.getByRole('toolbar', { name: 'Selected notifications' })
    await expect(bar.getByText('2 selected')).toBeVisible()
    // The page with its tabs, checkboxes and bulk bar: nothing serious for axe.
    expect(await seriousViolations(page, 'main')).toEqual([])
    await page.keyboard.press('e')
    await expect.poll(() => rows(list)).toEqual(['Unread: Second', 'Unread: First'])
    await expect(bar).toBeHidden()

    // The cursor moved to the row now in its place; u reads it, u again makes it unread.
    await expect.poll(cursorRow).toBe('Unread: Second')
    await page.keyboard.press('u')
    await expect.poll(() => rows(list)).toEqual(['Second', 'Unread: First'])
    await page.keyboard.press('u')
    await expect.poll(() => rows(list)).toEqual(['Unread: Second', 'Unread: First'])

    // Focus entering a row (a click, Tab) puts the cursor there: the keys act on the row in hand.
    await list.getByRole('listitem', { name: 'Unread: First' }).getByRole('checkbox').focus()
    await expect.poll(cursorRow).toBe('Unread: First')
    await page.keyboard.press('u')
    await expect.poll(() => rows(list)).toEqual(['Unread: Second', 'First'])
    await page.keyboard.press('u')
    await expect.poll(() => rows(list)).toEqual(['Unread: Second', 'Unread: First'])

    // The bulk bar: tick with the mouse, delete.
    // The checkbox's box (its input is visually hidden, as react-aria draws its own).
    await list.getByRole('listitem', { name: 'Unread: First' }).locator('label').click()
    await expect(list.getByRole('checkbox', { name: 'Select: First' })).toBeChecked()
    await bar.getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => rows(list)).toEqual(['Unread: Second'])

    // What is held for 'Undo' goes to the service worker as the page closes: the worker controlling
    // the page says it takes such requests (src/platform/outliving.ts asks it the same).
    const workerTakesThem = await page.evaluate(
      (probe) =>
        new Promise<boolean>((resolve) => {
          const container = navigator.serviceWorker
          container.addEventListener('message', (event) => (event.data as { type?: string } | null)?.type === probe && resolve(true))
          container.controller?.postMessage({ type: probe })
          setTimeout(() => resolve(false), 5_000)
        }),
      OUTLIVING_PROBE_MESSAGE,
    )
    expect(workerTakesThem).toBe(true)
    // Reloaded at once, the deleted one stays gone (the next test makes the server late on purpose).
    await page.reload()
    const reloaded = page.getByRole('list', { name: 'Notifications' })
    await expect(reloaded.getByRole('listitem').first()).toBeVisible()
    expect(await rows(reloaded)).toEqual(['Unread: Second'])
    // And the server has it: its inbox, asked with the page's own session, no longer lists 'First'.
    const serverTitles = () =>
      page.evaluate(async () => {
        const token = /(?:^|; )access_token=([^;]*)/.exec(document.cookie)?.[1] ?? ''
        const headers = { authorization: `Bearer ${decodeURIComponent(token)}`, 'x-org-id': localStorage.getItem('current_org_id') ?? '' }
        const answer = (await (await fetch('/api/common-services/notifications?page=1&limit=20', { headers })).json()) as { notifications: Array<{ title: string }> }
        return answer.notifications.map((n) => n.title)
      })
    await expect.poll(serverTitles, { timeout: 15_000 }).toEqual(['Second'])
    expect(await rows(reloaded)).toEqual(['Unread: Second'])
    await page.getByRole('radio', { name: 'Archived' }).click()
    await expect.poll(() => rows(page.getByRole('list', { name: 'Notifications' }))).toEqual(['Unread: Fourth', 'Unread: Third'])
  })

  test('a reload right after a delete never lists it again, even when the server gets the delete late', async ({ page }) => {
    test.setTimeout(120_000)
    const person = await signUpFreshPerson(page, 'Late', 'a-long-demo-password')
    for (const title of ['Keep me', 'Delete me']) await notify(person.email, person.orgName, title)
    await page.goto('/app/notifications')
    const list = page.getByRole('list', { name: 'Notifications' })
    await expect.poll(() => rows(list)).toEqual(['Unread: Delete me', 'Unread: Keep me'])
    // The delete held for 'Undo' leaves with the closing page (a keepalive request the service
    // worker sends); held 2.5 s on its way here, as on a slow network, it reaches the server after
    // the reloaded page's first read. The page lays what the closing page sent over that read.
    await page.context().route('**/api/common-services/notifications/*', async (route) => {
      if (route.request().method() === 'DELETE') await new Promise((resolve) => setTimeout(resolve, 2_500))
      await route.fallback()
    })
    await list.getByRole('listitem', { name: 'Unread: Delete me' }).locator('label').click()
    await page.getByRole('toolbar', { name: 'Selected notifications' }).getByRole('button', { name: 'Delete' }).click()
    await expect.poll(() => rows(list)).toEqual(['Unread: Keep me'])
    const firstRead = page.waitForResponse((r) => r.request().method() === 'GET' && /\/api\/common-services\/notifications\?page=1&/.test(r.url()))
    await page.reload()
    await firstRead
    const reloaded = page.getByRole('list', { name: 'Notifications' })
    await expect(reloaded.getByRole('listitem').first()).toBeVisible()
    // Two frames and a moment for the read to be drawn: 'Delete me' would be back by then.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await page.waitForTimeout(300)
    expect(await rows(reloaded)).toEqual(['Unread: Keep me'])
  })
})

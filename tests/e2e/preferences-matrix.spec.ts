/**
 * The preference matrix and quiet hours in Chromium: a fresh person (so the demo
 * accounts stay as the other specs expect them) ticks off two email cells (the Push column waits
 * here: this Chromium has no push service; tests/e2e/preference-channels.spec.ts), turns
 * quiet hours on with a start, an end and a time zone, waits for 'Saved', reloads, and finds all
 * of it kept. At 390 px the matrix is cards and nothing scrolls sideways.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, signUpFreshPerson, test } from './fixtures.ts'

// As tests/e2e/a11y.spec.ts: axe-core evaluated through the DevTools protocol (the CSP forbids inline scripts).
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical WCAG 2 A/AA violations inside `main` (the matrix and quiet hours). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; nodes: Array<{ html: string }> }> }> }
      }
    ).axe
    const result = await axe.run(
      { include: [['main']], exclude: [['[data-live-announcer]']] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    )
    return result.violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)
}

/** Clicks a react-aria checkbox or switch through its label (the input itself is visually hidden). */
async function flip(page: Page, role: 'checkbox' | 'switch', name: string): Promise<void> {
  await page.getByRole(role, { name, exact: true }).locator('xpath=ancestor::label').click()
}

/** Picks `option` in the Select labelled `label` (its button is named "<value> <label>"). */
async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(` ${label}$`) }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
  await expect(page.getByRole('listbox')).toHaveCount(0)
}

test('the matrix and quiet hours are saved on change and kept after a reload', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpFreshPerson(page, 'Matrix', 'matrix-password-17')
  await page.goto('/app/notification-settings')
  await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible()
  const email = page.getByRole('checkbox', { name: 'Email for New messages and replies', exact: true })
  const other = page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })
  await expect(email).toBeEnabled()
  await expect(email).toBeChecked()
  await expect(other).toBeChecked()
  // In-app cannot be cleared, and says why.
  const inApp = page.getByRole('checkbox', { name: 'In-app for New messages and replies', exact: true })
  await expect(inApp).toBeChecked()
  await expect(inApp).toBeDisabled()
  await expect(inApp).toHaveAccessibleDescription(/every notification is listed in your inbox/)
  expect(await seriousViolations(page)).toEqual([])

  await flip(page, 'checkbox', 'Email for New messages and replies')
  await flip(page, 'checkbox', 'Email for Team Activity')
  await expect(email).not.toBeChecked()
  await expect(other).not.toBeChecked()
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()

  const quiet = page.getByRole('switch', { name: 'Quiet hours', exact: true })
  await expect(quiet).not.toBeChecked()
  await flip(page, 'switch', 'Quiet hours')
  await expect(quiet).toBeChecked()
  await pick(page, 'Start', '21:30')
  await pick(page, 'End', '06:30')
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  await zone.fill('Europe/Berl')
  // Picked with the keyboard: a click retried while the list is still sliding in makes Playwright
  // scroll the page, and react-aria closes a combobox's list when the page scrolls. (Picking with
  // the pointer is tested in stories/TimeZoneField.stories.tsx.)
  await expect(page.getByRole('option', { name: 'Europe/Berlin', exact: true })).toBeVisible()
  await zone.press('ArrowDown')
  await zone.press('Enter')
  await expect(page.getByRole('listbox')).toHaveCount(0)
  await expect(zone).toHaveValue('Europe/Berlin')
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: /^Saving…$/ })).toHaveCount(0)

  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Email for New messages and replies', exact: true })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { name: 'Email for System Updates', exact: true })).toBeChecked()
  await expect(page.getByRole('switch', { name: 'Quiet hours', exact: true })).toBeChecked()
  await expect(page.getByRole('button', { name: /^21:30 Start$/ })).toBeVisible()
  await expect(page.getByRole('button', { name: /^06:30 End$/ })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Berlin')
})

test('start = end shows a field error and is not saved; at 390 px the matrix does not scroll sideways', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpFreshPerson(page, 'Narrow', 'narrow-password-17')
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/notification-settings')
  await expect(page.getByRole('checkbox', { name: 'Email for Payments & Billing', exact: true })).toBeEnabled()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const box = await page.getByRole('checkbox', { name: 'Email for Payments & Billing', exact: true }).locator('xpath=ancestor::label').boundingBox()
  expect(box && box.x + box.width).toBeLessThanOrEqual(390)

  const saves: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/notifications/preferences')) saves.push(r.postData() ?? '')
  })
  await flip(page, 'switch', 'Quiet hours')
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()
  const before = saves.length
  await pick(page, 'End', '22:00')
  await expect(page.getByText('Start and end must differ')).toBeVisible()
  await page.waitForTimeout(1500)
  expect(saves).toHaveLength(before)
  expect(await seriousViolations(page)).toEqual([])
})

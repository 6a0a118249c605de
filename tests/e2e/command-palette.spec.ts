/**
 * The command palette, end to end in Chromium: Ctrl+K opens it over the shell, typing
 * filters, arrows and Enter open a page, Escape gives focus back; a workspace switch by keyboard
 * alone; a member is never offered a page they may not open; '?' opens the shortcuts help; neither
 * shortcut fires while typing in a field; axe finds nothing serious in the open palette.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

async function signInTo(page: Page, email: string) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/signin')
  await signIn(page, email)
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const field = (page: Page) => palette(page).getByRole('combobox', { name: 'Search' })

/** The option the field's aria-activedescendant points at: what Enter runs. */
async function highlighted(page: Page) {
  const id = await field(page).getAttribute('aria-activedescendant')
  expect(id, 'an option is highlighted').toBeTruthy()
  return page.locator(`[id="${id}"]`)
}

test.describe('command palette', () => {
  test('Ctrl+K opens it; typing filters; arrows and Enter open a page; Escape returns focus', async ({ page }) => {
    await signInTo(page, 'admin@acme.test')
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
    await toggle.focus()
    await page.keyboard.press('Control+K')
    await expect(palette(page)).toBeVisible()
    await expect(field(page)).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(palette(page)).toHaveCount(0)
    await expect(toggle).toBeFocused()

    // The header's Search button opens it too, and names its shortcut.
    const search = page.getByRole('button', { name: 'Search' })
    await expect(search).toHaveAttribute('aria-keyshortcuts', /Control\+K/)
    await search.click()
    await expect(palette(page)).toBeVisible()
    await field(page).pressSequentially('billng')
    await expect(await highlighted(page)).toHaveAccessibleName('Billing')
    await page.keyboard.press('End')
    await page.keyboard.press('Home')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    await expect(await highlighted(page)).toHaveAccessibleName('Billing')
    await page.keyboard.press('Enter')
    await expect(palette(page)).toHaveCount(0)
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')

    // The choice is remembered: it leads the next open, under 'Recent'.
    await page.keyboard.press('Control+K')
    await expect(palette(page).getByRole('group', { name: 'Recent' }).getByRole('option')).toHaveText([/^Billing/])
    await expect(await highlighted(page)).toHaveAccessibleName('Billing')
    await page.keyboard.press('Escape')
  })

  test('switches workspace by keyboard alone', async ({ page }) => {
    await signInTo(page, 'admin@acme.test')
    const workspace = page.getByRole('button', { name: /^Workspace\b/ })
    await expect(workspace).toHaveText('Acme Support')
    await page.keyboard.press('Control+K')
    await page.keyboard.type('globex')
    await expect(await highlighted(page)).toHaveAccessibleName('Globex')
    await page.keyboard.press('Enter')
    await expect(workspace).toHaveText('Globex')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    // In Globex Ada is a team member: Acme's settings pages are no longer offered.
    await page.keyboard.press('Control+K')
    await page.keyboard.type('user roles')
    await expect(palette(page).getByRole('option', { name: 'User Roles' })).toHaveCount(0)
    await page.keyboard.press('Escape')
  })

  test('a member with contacts and agents only is never offered a page they may not open', async ({ page }) => {
    await signInTo(page, 'agent@acme.test')
    await page.keyboard.press('Control+K')
    await expect(palette(page).getByRole('option', { name: 'All Contacts (Agent)' })).toBeVisible()
    for (const forbidden of ['Team Members', 'User Roles', 'Billing', 'Workspace Settings', 'Audit log', 'Invite member']) {
      await expect(palette(page).getByRole('option', { name: forbidden, exact: true })).toHaveCount(0)
    }
    await field(page).fill('team')
    await expect(palette(page).getByRole('option', { name: 'Team Members' })).toHaveCount(0)
    await page.keyboard.press('Escape')
  })

  test("'?' opens the keyboard shortcuts; neither shortcut fires while typing in a field", async ({ page }) => {
    await signInTo(page, 'admin@acme.test')
    // Focus on the page, in no field (the heading: its place does not move as the cards below load).
    await page.getByRole('heading', { name: 'Overview', level: 1 }).click()
    await page.keyboard.press('?')
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(help).toBeVisible()
    await expect(help).toContainText('Open the command palette')
    await expect(help).toContainText('Expand or collapse the sidebar')
    await page.keyboard.press('Escape')
    await expect(help).toHaveCount(0)

    // In the workspace switcher's search field, '?' and Ctrl+K are just typing.
    await page.getByRole('button', { name: /^Workspace\b/ }).click()
    const search = page.getByRole('searchbox', { name: 'Search workspaces' })
    await search.click()
    await page.keyboard.press('?')
    await expect(search).toHaveValue('?')
    await page.keyboard.press('Control+K')
    await expect(help).toHaveCount(0)
    await expect(palette(page)).toHaveCount(0)
    await expect(search).toBeFocused()
    const switcher = page.getByRole('dialog', { name: 'Switch workspace' })
    // The first Escape empties the search field, the second closes the switcher.
    await page.keyboard.press('Escape')
    if (await switcher.count()) await page.keyboard.press('Escape')
    await expect(switcher).toHaveCount(0)

    // In the palette's own field, '?' is text too.
    await page.keyboard.press('Control+K')
    await expect(field(page)).toBeFocused()
    await page.keyboard.type('?')
    await expect(field(page)).toHaveValue('?')
    await expect(help).toHaveCount(0)
  })

  test('the open palette has no serious or critical axe violations', async ({ page }) => {
    await signInTo(page, 'admin@acme.test')
    await page.keyboard.press('Control+K')
    await expect(palette(page)).toBeVisible()
    await page.keyboard.press('ArrowDown')
    await page.evaluate(axeSource)
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ html: string }> }> }> } }).axe
      const result = await axe.run(
        { include: [['[role="dialog"][aria-label="Command palette"]']], exclude: [['[data-live-announcer]']] },
        { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
      )
      return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)
    })
    expect(violations).toEqual([])
  })
})

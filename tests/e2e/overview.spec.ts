/**
 * The Overview page end to end (/app/dashboard): credits this month, unread and the
 * latest notifications, the team's size, and the getting-started checklist ticked from real data
 * (`GET /api/overview`); the Support Agent sees no team card and the page asks nothing they may
 * not read; nothing scrolls sideways at 390 px.
 */
import type { Page } from '@playwright/test'
import { expect, signIn, signUpFreshPerson, test } from './fixtures.ts'

/** The Overview's card named `name` (a region). */
const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true })

test.describe('overview', () => {
  test('the demo admin sees credits, unread notifications with the latest few, the team size, and Invite a teammate ticked for Acme', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    // The tab title leads with the unread count once the notifications are in (attention.spec.ts).
    await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Overview · Engage$/)

    // Acme's month: 2,500 of 10,000 used, 7,500 left (the demo seed).
    const credits = card(page, 'Credits this month')
    await expect(credits.getByText('2,500', { exact: true })).toBeVisible()
    await expect(credits.getByText('used of 10,000')).toBeVisible()
    await expect(credits.getByText('7,500', { exact: true })).toBeVisible()

    const notifications = card(page, 'Notifications')
    await expect(notifications.getByText('unread', { exact: true })).toBeVisible()
    const latest = notifications.getByRole('list', { name: 'Latest notifications' }).getByRole('listitem')
    await expect(latest.first()).toBeVisible()
    expect(await latest.count()).toBeGreaterThanOrEqual(3)
    expect(await latest.count()).toBeLessThanOrEqual(5)
    // The unread count matches the bell's badge.
    const unread = Number(await notifications.locator('dd').first().textContent())
    if (unread > 0) await expect(page.getByRole('button', { name: /^Notifications\b/ })).toContainText(unread > 99 ? '99+' : String(unread))
    await expect(notifications.getByRole('link', { name: 'Open inbox' })).toHaveAttribute('href', '/app/notifications')

    // Acme has at least Ada and Sam (other specs invite more into the shared e2e database) and its own Support Agent role.
    const team = card(page, 'Team')
    await expect(team.locator('dd').first()).toHaveText(/^\d+$/)
    const members = Number(await team.locator('dd').first().textContent())
    expect(members).toBeGreaterThanOrEqual(2)
    await expect(team.getByText('members', { exact: true })).toBeVisible()
    const checklist = card(page, 'Getting started')
    await expect(checklist.getByRole('link', { name: 'Invite a teammate (done)' })).toBeVisible()
    await expect(checklist.getByRole('link', { name: 'Create a role (done)' })).toBeVisible()
    // The count is the team's: the Team Members page lists as many.
    await team.getByRole('link', { name: 'Manage team members' }).click()
    await expect(page.getByRole('grid', { name: 'Team members' }).getByRole('rowheader')).toHaveCount(members)
  })

  test('a fresh workspace has nothing ticked; creating a role through the UI ticks Create a role', async ({ page }) => {
    await signUpFreshPerson(page, 'Olive', 'olive-password-1')
    const checklist = card(page, 'Getting started')
    await expect(checklist.getByText('0 of 4 done')).toBeVisible()
    for (const item of ['Invite a teammate', 'Create a role', 'Turn on push notifications', 'Set your notification preferences']) {
      await expect(checklist.getByRole('link', { name: item, exact: true })).toBeVisible()
    }
    await expect(card(page, 'Team').locator('dd').first()).toHaveText('1')

    // The item links to where a role is created.
    await checklist.getByRole('link', { name: 'Create a role', exact: true }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/roles/create-role')
    await page.getByLabel('Name').fill('Night shift')
    await page.getByRole('checkbox', { name: 'View Billing' }).locator('xpath=ancestor::label').click()
    await page.getByRole('button', { name: 'Create role' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/roles')

    await page.goto('/app/dashboard')
    await expect(checklist.getByRole('link', { name: 'Create a role (done)' })).toBeVisible()
    await expect(checklist.getByText('1 of 4 done')).toBeVisible()
    await expect(checklist.getByRole('link', { name: 'Invite a teammate', exact: true })).toBeVisible()
  })

  test('the Support Agent sees no team card, and nothing answers 403', async ({ page }) => {
    const refused: string[] = []
    const consoleErrors: string[] = []
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${response.request().method()} ${new URL(response.url()).pathname}`)
    })
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text())
    })
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(card(page, 'Credits this month')).toBeVisible()
    await expect(card(page, 'Notifications')).toBeVisible()
    // The checklist holds only what a Support Agent may do.
    const checklist = card(page, 'Getting started')
    await expect(checklist.getByRole('link', { name: /^Set your notification preferences/ })).toBeVisible()
    await expect(checklist.getByRole('link', { name: /^Invite a teammate/ })).toHaveCount(0)
    await expect(checklist.getByRole('link', { name: /^Create a role/ })).toHaveCount(0)
    await expect(card(page, 'Team')).toHaveCount(0)
    expect(refused).toEqual([])
    expect(consoleErrors.filter((text) => /\b403\b/.test(text))).toEqual([])
  })

  test('at 390 px the cards stack in one column and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(card(page, 'Team')).toBeVisible()
    await expect(card(page, 'Getting started')).toBeVisible()
    const credits = await card(page, 'Credits this month').boundingBox()
    const notifications = await card(page, 'Notifications').boundingBox()
    // One column: the notifications card sits under the credits card, as wide.
    expect(notifications!.y).toBeGreaterThan(credits!.y + credits!.height - 1)
    expect(Math.abs(notifications!.width - credits!.width)).toBeLessThan(2)
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  })
})

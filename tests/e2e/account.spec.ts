/**
 * Everyone's own account (/app/account) end to end: the demo Support Agent (agent@acme.test:
 * contacts and agents, no USERS read) opens it from the user menu, and its Security tab shows
 * their password form, two-factor and sessions, all answered by the server; Profile Settings
 * stays behind USERS read for them (SPEC §2.4). The demo account is only looked at, never changed.
 *
 * A workspace that requires two-factor sending a member without it here is
 * tests/e2e/two-factor-required.spec.ts.
 */
import { expect, signIn, test } from './fixtures.ts'

test.describe('/app/account', () => {
  test('a member without USERS read opens Account from the user menu; Security shows password, two-factor and sessions', async ({ page }) => {
    // The header shows the user menu from 1024 px.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()

    await page.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: 'Account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    // After the unread count, if any: '(3) Account · Engage'.
    await expect(page).toHaveTitle(/^(\(\d+\) )?Account · Engage$/)
    const tabs = page.getByRole('tablist', { name: 'Account' })
    await expect(tabs.getByRole('tab')).toHaveText(['Profile', 'Security', 'Notifications'])
    await expect(tabs.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByLabel('Full name')).toHaveValue('Sam Agent')

    await tabs.getByRole('tab', { name: 'Security' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/account' && url.searchParams.get('tab') === 'security')
    const password = page.getByRole('region', { name: 'Password' })
    await expect(password.getByLabel('Current password')).toBeVisible()
    await expect(password.getByRole('button', { name: 'Change password' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Two-factor authentication' }).getByRole('button', { name: 'Turn on' })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Signed-in sessions' }).getByText('This device')).toBeVisible()
    // The workspace does not require two-factor: no notice.
    await expect(page.getByRole('heading', { name: 'Two-factor authentication required' })).toHaveCount(0)

    // The tab is in the address: a reload opens it again.
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Security' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tab', { name: 'Notifications' }).click()
    await expect(page).toHaveURL((url) => url.searchParams.get('tab') === 'notifications')
    await expect(page.getByRole('switch', { name: 'Browser push notifications' })).toBeVisible()

    // Profile Settings keeps SPEC's gate: USERS read.
    await page.goto('/app/setting/profile-settings?tab=security')
    await expect(page.getByRole('heading', { level: 1, name: 'Unauthorized' })).toBeVisible()
  })

  test('the command palette offers Account', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await page.keyboard.press('Control+K')
    const field = page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox', { name: 'Search' })
    await expect(field).toBeFocused()
    await field.pressSequentially('account')
    const id = await field.getAttribute('aria-activedescendant')
    expect(id, 'an option is highlighted').toBeTruthy()
    await expect(page.locator(`[id="${id}"]`)).toHaveAccessibleName('Account')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL((url) => url.pathname === '/app/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  })
})

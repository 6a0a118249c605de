import { expect, signIn, test } from './fixtures.ts'

test('notification preferences: defaults, a change saved on its own with the toast (no Save button), kept after a reload', async ({ page }) => {
  await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fnotification-settings')
  await signIn(page, 'agent@acme.test')
  await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible()
  const analytics = page.getByRole('switch', { name: 'Analytics & Reports' })
  await expect(analytics).not.toBeChecked()
  await analytics.locator('xpath=ancestor::label').click()
  await expect(analytics).toBeChecked()
  await expect(page.getByText('Preferences saved successfully')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('switch', { name: 'Analytics & Reports' })).toBeChecked()
})

test('the profile settings notifications tab opens from ?tab=notification-settings', async ({ page }) => {
  await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fsetting%2Fprofile-settings%3Ftab%3Dnotification-settings')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('switch', { name: 'Browser push notifications' })).toBeVisible()
})

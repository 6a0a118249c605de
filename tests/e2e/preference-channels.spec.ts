/**
 * The preference matrix says only what is true: a switched-off category's Push and Email boxes
 * show unticked and disabled, and come back as saved when it is switched on again (after a
 * reload too); the Push column waits, with the way to turn push on, while no device of this
 * person receives push (Chromium here has no push service, so this device never subscribes).
 */
import type { Page } from '@playwright/test'
import { expect, signUpFreshPerson, test } from './fixtures.ts'

/** Clicks a react-aria checkbox or switch through its label (the input itself is visually hidden). */
async function flip(page: Page, role: 'checkbox' | 'switch', name: string): Promise<void> {
  await page.getByRole(role, { name, exact: true }).locator('xpath=ancestor::label').click()
}

test('a switched-off category shows its channels off and disabled, keeps them, and push waits for a device', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpFreshPerson(page, 'Channels', 'channels-password-17')
  await page.goto('/app/notification-settings')
  const email = page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })
  const push = page.getByRole('checkbox', { name: 'Push for Team Activity', exact: true })
  await expect(email).toBeEnabled()
  await expect(email).toBeChecked()

  // No device of this person receives push: the column waits, unticked, and says how to change it.
  await expect(push).toBeDisabled()
  await expect(push).not.toBeChecked()
  await expect(push).toHaveAccessibleDescription(/No device of yours receives push notifications yet/)
  await expect(page.getByText(/No device of yours receives push notifications yet/).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Turn on push for this device' })).toBeVisible()

  await flip(page, 'switch', 'Team Activity')
  await expect(page.getByRole('switch', { name: 'Team Activity', exact: true })).not.toBeChecked()
  await expect(email).toBeDisabled()
  await expect(email).not.toBeChecked()
  await expect(email).toHaveAccessibleDescription(/Team Activity is off/)
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()

  await page.reload()
  await expect(page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })).toBeDisabled()
  await expect(page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })).not.toBeChecked()
  await flip(page, 'switch', 'Team Activity')
  // Its saved choice comes back with it.
  await expect(page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })).toBeEnabled()
  await expect(page.getByRole('checkbox', { name: 'Email for Team Activity', exact: true })).toBeChecked()
})

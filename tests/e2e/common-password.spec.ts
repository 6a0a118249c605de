/**
 * Common passwords refused (docs/api.md): the sign-up form shows the server's refusal under the
 * Password field, as it shows the contract's own field errors, and no account is made.
 */
import { expect, passVerification, test } from './fixtures.ts'

const MESSAGE = 'This password is too common. Choose one that is harder to guess.'

test('signing up with a common password shows why under the Password field, and a strong one goes on', async ({ page }) => {
  const stamp = Date.now().toString(36)
  await page.goto('/signin')
  await passVerification(page)
  await page.getByRole('link', { name: 'Create an account' }).click()
  await page.getByLabel('Full name').fill('Cora Common')
  await page.getByLabel('Work email').fill(`cora.${stamp}@common.test`)
  const password = page.getByLabel('Password')
  await password.fill('Password123')
  await page.getByLabel('Workspace name').fill(`Common Co ${stamp}`)
  await page.getByRole('button', { name: 'Create account' }).click()

  // The field's own error: described by it, once, and not repeated above the form.
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toHaveAccessibleDescription(new RegExp(MESSAGE.replace(/\./g, '\\.')))
  await expect(page.getByText(MESSAGE)).toHaveCount(1)
  await expect(page).toHaveURL((url) => url.pathname === '/signup')

  await password.fill('violet-harbour-kettle-42')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/app/waitlist')
})

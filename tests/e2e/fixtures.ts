import { type Page, test as base, expect } from '@playwright/test'

/** Tests use `baseURL` from the server global-setup started. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server')
    await use(url)
  },
})
export { expect }

export const DEMO_PASSWORD = 'demo-password'

/** SPEC §2.6: the title of the human-verification modal that guards /signin and /share/*. */
export const VERIFICATION_DIALOG = "Verify You're Human"

/**
 * Waits until the human-verification gate in front of the sign-in page has cleared by itself
 * (ALTCHA solves in the browser in well under a second at the default cost, plus the widget's
 * 0.5 s minimum); the form is only rendered after that.
 */
export async function passVerification(page: Page): Promise<void> {
  await expect(page.getByLabel('Email'), `the "${VERIFICATION_DIALOG}" gate did not clear`).toBeVisible({ timeout: 15_000 })
}

/** Waits for the verification gate, then fills and submits the sign-in form as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await passVerification(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * The sign-up journey end to end (SPEC §2.2): a new person signs up from /signin, waits on
 * /app/waitlist, an operator approves the workspace with the admin CLI, the waitlist page moves
 * on by itself to /app/sign-up-info, the form completes and the dashboard shows.
 */
import { approveWaitlist, expect, test } from './fixtures.ts'

test.describe('sign-up journey', () => {
  test('a new user signs up, waits on the waitlist, is approved, completes the sign-up info and lands on the dashboard', async ({ page }) => {
    test.setTimeout(90_000)
    const stamp = Date.now().toString(36)
    const orgName = `Northwind ${stamp}`
    const email = `grace.${stamp}@northwind.test`

    await page.goto('/signin')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByLabel('Full name').fill('Grace Hopper')
    await page.getByLabel('Work email').fill(email)
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByLabel('Workspace name').fill(orgName)
    await page.getByRole('button', { name: 'Create account' }).click()

    await expect(page).toHaveURL((url) => url.pathname === '/app/waitlist')
    await expect(page.getByRole('heading', { name: "You're on the waitlist" })).toBeVisible()
    await expect(page.getByText(orgName)).toBeVisible()

    await approveWaitlist(orgName)
    // The page checks again on window focus (and every 30 s): a focus keeps the test fast.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page).toHaveURL((url) => url.pathname === '/app/sign-up-info')

    await expect(page.getByLabel('Company name')).toHaveValue(orgName)
    await page.getByRole('button', { name: /Team size/ }).click()
    await page.getByRole('option', { name: '11–50 people' }).click()
    await expect(page.getByRole('button', { name: /11–50 people/ })).toBeVisible()
    await expect(page.getByRole('listbox')).toHaveCount(0)
    await page.getByLabel('Use case').fill('Answer support calls with AI agents.')
    await page.getByRole('button', { name: 'Continue' }).click()

    // Saving, verifying the session again and loading the shell: as long as a sign-in's landing (fixtures.ts).
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard', { timeout: 15_000 })
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByText(orgName).first()).toBeVisible()
    // A new workspace starts on the Starter plan: its credits are in the header, all left, none used.
    const header = page.getByRole('banner')
    await expect(header.getByRole('link', { name: '1,000 credits left' })).toBeVisible()
    await expect(header.getByRole('meter', { name: 'Credits used this month' })).toHaveAttribute('aria-valuetext', 'Used 0 of 1,000 this month')
  })

  test('signing up with an email that already has an account says so next to the field', async ({ page }) => {
    await page.goto('/signin')
    await page.getByRole('link', { name: 'Create an account' }).click()
    await page.getByLabel('Full name').fill('Ada Again')
    await page.getByLabel('Work email').fill('admin@acme.test')
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByLabel('Workspace name').fill('Acme Again')
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page.getByText('An account with this email already exists.')).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/signup')
  })
})

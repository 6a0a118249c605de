/**
 * Credits and billing end to end (SPEC §2.3 credits summary, §3, §7): the header shows the
 * current org's credits from `GET /org-billing/monthly-credits-usage`, and /app/billing shows
 * this month's usage by category, the plan and the reset date.
 */
import { expect, signIn, test } from './fixtures.ts'

test.describe('credits and billing', () => {
  test('admin@acme.test sees 7,500 credits left in the header, and the billing page shows the usage by category', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    // The summary reads as what is left; the bar and its tooltip say what was used.
    const header = page.getByRole('banner')
    const meter = header.getByRole('meter', { name: 'Credits used this month' })
    await expect(meter).toHaveAttribute('aria-valuetext', 'Used 2,500 of 10,000 this month')
    await expect(meter).toHaveAttribute('aria-valuenow', '25')
    await expect(header.getByText('7,500 credits left')).toBeVisible()
    await expect(header.getByText('/ 10,000')).toHaveCount(0)

    // A super admin holds BILLING read: the summary links to the billing page.
    await header.getByRole('link', { name: '7,500 credits left' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()
    await expect(page.getByText('Growth')).toBeVisible()
    await expect(page.getByText(/^Credits reset on /)).toBeVisible()

    const table = page.getByRole('table', { name: /Credits used by category/ })
    await expect(table.getByRole('rowheader')).toHaveText(['AI', 'Voice', 'Messaging'])
    await expect(table.getByRole('row', { name: /AI/ })).toContainText('2,000')
    await expect(table.getByRole('row', { name: /Voice/ })).toContainText('400')
    await expect(table.getByRole('row', { name: /Messaging/ })).toContainText('100')
  })

  test('under the header breakpoint the summary gives way', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(page.getByRole('banner').getByRole('meter', { name: 'Credits used this month' })).toBeHidden()
  })
})

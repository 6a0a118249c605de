/**
 * What the product promises, it does: /pricing's 'Start with Growth' carries its plan into sign-up
 * and the new workspace starts on Growth; Billing wears the breadcrumb and type scale of its
 * sibling settings pages; the demo notifications speak of no payments, receipts or top-ups.
 */
import { approveWaitlist, expect, signIn, test } from './fixtures.ts'

test.describe('plans and billing keep their promises', () => {
  test('Pricing’s “Start with Growth” signs up a workspace that starts on Growth', async ({ page }) => {
    test.setTimeout(90_000)
    const stamp = Date.now().toString(36)
    const orgName = `Growthly ${stamp}`

    await page.goto('/pricing')
    await page.getByRole('link', { name: 'Start with Growth' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signup' && url.searchParams.get('plan') === 'growth')
    await expect(page.getByText('Your workspace starts on the Growth plan, 10,000 credits a month, and joins the waitlist', { exact: false })).toBeVisible({
      timeout: 15_000,
    })
    await page.getByLabel('Full name').fill('Gita Growth')
    await page.getByLabel('Work email').fill(`gita.${stamp}@growthly.test`)
    await page.getByLabel('Password').fill('a-long-enough-password')
    await page.getByLabel('Workspace name').fill(orgName)
    await page.getByRole('button', { name: 'Create account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/waitlist')

    await approveWaitlist(orgName)
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(page).toHaveURL((url) => url.pathname === '/app/sign-up-info')
    await page.getByRole('button', { name: /Team size/ }).click()
    await page.getByRole('option', { name: '11–50 people' }).click()
    await page.getByLabel('Use case').fill('Answer support calls with AI agents.')
    await page.getByRole('button', { name: 'Continue' }).click()

    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('banner').getByRole('link', { name: '10,000 credits left' })).toBeVisible()
    await page.getByRole('banner').getByRole('link', { name: '10,000 credits left' }).click()
    await expect(page.getByRole('region', { name: 'Plan' })).toContainText('Growth')
  })

  test('Billing has the settings pages’ breadcrumb and type scale; the demo notifications promise no payments', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    await page.goto('/app/setting/workspace-settings')
    const siblingSection = page.getByRole('heading', { name: 'Security', level: 2 })
    await expect(siblingSection).toBeVisible()
    const sectionSize = await siblingSection.evaluate((h) => getComputedStyle(h).fontSize)

    await page.goto('/app/billing')
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' })
    await expect(crumbs.getByRole('listitem')).toHaveText(['Account & Billing', 'Billing'])
    await expect(crumbs.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page')
    const title = page.getByRole('heading', { name: 'Billing', level: 1 })
    const planTitle = page.getByRole('heading', { name: 'Plan', level: 2 })
    await expect(planTitle).toBeVisible()
    expect(await planTitle.evaluate((h) => getComputedStyle(h).fontSize)).toBe(sectionSize)
    // The plan's name is a figure of the page, not a second title competing with the h1.
    const planName = page.getByRole('region', { name: 'Plan' }).getByText('Growth', { exact: true })
    const titleSize = parseFloat(await title.evaluate((h) => getComputedStyle(h).fontSize))
    expect(parseFloat(await planName.evaluate((p) => getComputedStyle(p).fontSize))).toBeLessThan(titleSize)

    await page.goto('/app/notifications')
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem').first()).toBeVisible()
    await expect(page.getByRole('main').getByText(/top up|receipt|invoice|card ending/i)).toHaveCount(0)
  })
})

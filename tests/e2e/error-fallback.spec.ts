import { expect, signIn, test } from './fixtures.ts'

/**
 * SPEC §2.6, §4, §8 Error fallback in the real app. The profile settings route loads the profile
 * (GET /api/users/me) in its loader; a server answer that does not decode fails the route, as a
 * broken deploy or proxy would. The fault is injected at the network, not in the app.
 */
test.describe('error fallback (SPEC §4, §8)', () => {
  test('a page that fails shows the fallback inside the shell, logs the error, and Try Again recovers', async ({ page }) => {
    const errors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text())
    })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    await page.route('**/api/users/me', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"user":{"fullName":42}}' }))
    await page.goto('/app/setting/profile-settings')
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
    await expect(page.getByText("We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.")).toBeVisible()
    await expect(page.getByRole('button', { name: 'Refresh Page' })).toBeVisible()
    // The shell stays: only the routed content failed.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    expect(errors.some((e) => e.includes('Unexpected rendering error'))).toBe(true)

    // The server answers properly again: Try Again loads the page.
    await page.unroute('**/api/users/me')
    await page.getByRole('button', { name: 'Try Again' }).click()
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(/\S/)
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  })

  test('leaving the failed page clears the error', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await page.route('**/api/users/me', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'oops' }))
    await page.goto('/app/setting/profile-settings')
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
  })
})

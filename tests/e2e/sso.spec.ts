/**
 * Single sign-on against `npm start`'s embedded demo identity provider (server/sso/demo-idp.ts):
 * /signin › 'Continue with single sign-on' › the email › the provider's own page › back through
 * /sso/callback into the workspace.
 */
import { DEMO_PASSWORD, expect, passVerification, test } from './fixtures.ts'

test.describe('single sign-on', () => {
  test('sso@umbrella.test signs in through the demo provider and lands in Umbrella, and stays signed in', async ({ page }) => {
    await page.goto('/signin')
    await passVerification(page)
    await page.getByRole('link', { name: 'Continue with single sign-on' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signin/sso')
    await expect(page.getByRole('heading', { level: 1, name: 'Continue with single sign-on' })).toBeVisible()
    await page.getByLabel('Email').fill('sso@umbrella.test')
    await page.getByRole('button', { name: 'Continue' }).click()

    // The provider's own page, on another origin.
    await expect(page.getByRole('heading', { name: 'Umbrella identity provider' })).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveValue('sso@umbrella.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()

    await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/') && !url.pathname.startsWith('/app/workspace-selection'), { timeout: 15_000 })
    await expect(page.getByText('Umbrella').first()).toBeVisible()
    // No token in any address the browser went through.
    expect(page.url()).not.toMatch(/token|code=/)
    // An SSO session is not signed out by the workspace's 'Require single sign-on' (SPEC §6) on reload.
    await page.reload()
    await expect(page.getByText('Umbrella').first()).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/'))
  })

  test('an email whose domain no workspace uses is told so, clearly', async ({ page }) => {
    await page.goto('/signin/sso')
    await page.getByLabel('Email').fill('someone@example.com')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('alert')).toHaveText('No workspace uses single sign-on for example.com.')
    await expect(page).toHaveURL((url) => url.pathname === '/signin/sso')
  })

  test('cancelling at the provider comes back to /signin with a clear message', async ({ page }) => {
    await page.goto('/signin/sso')
    await page.getByLabel('Email').fill('sso@umbrella.test')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.searchParams.get('sso_error') === 'denied')
    await passVerification(page)
    await expect(page.getByRole('alert')).toHaveText('Single sign-on was cancelled at the identity provider.')
  })

  test('a return this tab did not start signs nobody in', async ({ page }) => {
    await page.goto('/sso/callback?code=stolen-code&state=someone-elses-state')
    await expect(page).toHaveURL((url) => url.pathname === '/signin' && url.searchParams.get('sso_error') === 'state_mismatch')
    await passVerification(page)
    await expect(page.getByRole('alert')).toHaveText('This sign-in did not start in this browser. Start single sign-on again.')
  })
})

/**
 * Token lifecycle in the real browser (reliability suite; SPEC §4 Token refresh):
 * two tabs whose access tokens expire together both refresh without signing the person out
 * (Web Locks make the second tab adopt the first tab's rotated refresh token instead of
 * presenting the spent one, which the server would treat as reuse and revoke), and a refresh
 * token revoked on the server signs out cleanly to /signin.
 */
import { type Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const expireAccessToken = (page: Page) =>
  page.evaluate(() => {
    document.cookie = `token_expiry=${Date.now() - 1000}; Path=/; SameSite=Lax; Secure`
  })

test.describe('token lifecycle', () => {
  test('two tabs whose tokens expire together both stay signed in, with one rotation each and no reuse', async ({ context, page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    const second = await context.newPage()
    await second.goto('/app/dashboard')
    await expect(second.getByRole('heading', { name: 'Overview' })).toBeVisible()

    // Both tabs share the cookies: one expiry in the past makes both due at once.
    await expireAccessToken(page)
    const refreshes: number[] = []
    context.on('response', (r) => {
      if (r.url().endsWith('/api/users/refresh-token')) refreshes.push(r.status())
    })
    await Promise.all([page.reload(), second.reload()])
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(second.getByRole('heading', { name: 'Overview' })).toBeVisible()
    // Every refresh the tabs made succeeded: none presented a spent token (that would be 401
    // and revoke the family, signing both tabs out).
    expect(refreshes.length).toBeGreaterThanOrEqual(1)
    expect(refreshes.every((s) => s === 200)).toBe(true)

    // The session is still alive afterwards: another reload in each tab stays in the app.
    await Promise.all([page.reload(), second.reload()])
    await expect(page).toHaveURL(/\/app\/dashboard$/)
    await expect(second).toHaveURL(/\/app\/dashboard$/)
  })

  test('a refresh token revoked on the server signs out cleanly to /signin', async ({ context, page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    const refreshToken = (await context.cookies()).find((c) => c.name === 'refresh_token')?.value
    expect(refreshToken).toBeTruthy()
    // Revoke the session from outside the tab (another device signing this session out).
    const revoked = await page.request.post('/api/users/logout', { data: { refresh_token: refreshToken, token: '' } })
    expect(revoked.ok()).toBe(true)

    await expireAccessToken(page)
    await page.reload()
    await expect(page).toHaveURL(/\/signin/)
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
    expect((await context.cookies()).find((c) => c.name === 'refresh_token')?.value ?? '').toBe('')
  })
})

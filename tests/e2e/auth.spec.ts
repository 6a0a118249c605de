import { DEMO_PASSWORD, expect, signIn, test } from './fixtures.ts'

test.describe('sign-in and the token lifecycle', () => {
  test('a deep link while signed out goes through sign-in and lands where it pointed; reload keeps the session; sign-out returns to /signin', async ({ page }) => {
    await page.goto('/app/dashboard?tab=x')
    await expect(page).toHaveURL((url) => url.pathname === '/signin')
    const search = new URL(page.url()).searchParams
    expect(search.get('main_app')).toBe('true')
    expect(search.get('app_path')).toBe('/app/dashboard?tab=x')

    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard' && url.search === '?tab=x')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(page.getByText('Acme Support').first()).toBeVisible()

    // Tokens live in Secure, SameSite=Lax cookies (SPEC §3).
    const cookies = await page.context().cookies()
    const access = cookies.find((c) => c.name === 'access_token')
    expect(access?.secure).toBe(true)
    expect(access?.sameSite).toBe('Lax')

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    await page.getByRole('link', { name: 'Log Out' }).click()
    await expect(page.getByRole('heading', { name: 'Signing you out…' })).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/signin', { timeout: 10_000 })
    expect((await page.context().cookies()).find((c) => c.name === 'access_token')).toBeUndefined()

    // The old session is gone: /app sends us back to sign-in.
    await page.goto('/app/dashboard')
    await expect(page).toHaveURL((url) => url.pathname === '/signin')
  })

  test('the sign-in page runs nothing of a session: permissions, credits and workspaces start with the sign-in', async ({ page }) => {
    const asked: string[] = []
    page.on('request', (request) => {
      const { pathname } = new URL(request.url())
      if (/\/api\/(permissions\/permission-sets|org-billing\/monthly-credits-usage|users\/my-workspaces)$/.test(pathname)) asked.push(pathname)
      if (/\/assets\/signed-in-actors-[\w-]+\.js$/.test(pathname)) asked.push('signed-in chunk')
    })
    await page.goto('/signin')
    await expect(page.getByLabel('Email')).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])

    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(page.getByText('Acme Support').first()).toBeVisible()
    await expect.poll(() => [...new Set(asked)].sort()).toEqual([
      '/api/org-billing/monthly-credits-usage',
      '/api/permissions/permission-sets',
      '/api/users/my-workspaces',
      'signed-in chunk',
    ])
  })

  test('a wrong password shows the form error and signs nobody in', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test', 'not-the-password')
    await expect(page.getByRole('alert')).toHaveText('Incorrect email or password.')
    await expect(page).toHaveURL((url) => url.pathname === '/signin')
  })

  test('field errors show next to the fields without a server round trip', async ({ page }) => {
    await page.goto('/signin')
    await page.getByLabel('Email').fill('not-an-email')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('Enter a valid email address')).toBeVisible()
    await expect(page.getByText('Enter your password')).toBeVisible()
  })

  test('a workspace still on the waitlist lands on /app/waitlist', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'waiting@waitlist.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/waitlist')
    await expect(page.getByRole('heading', { name: "You're on the waitlist" })).toBeVisible()
    await page.goto('/app/dashboard')
    await expect(page).toHaveURL((url) => url.pathname === '/app/waitlist')
  })

  test('an approved workspace without completed sign-up lands on /app/sign-up-info', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'newbie@initech.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/sign-up-info')
  })

  test('an SSO workspace ends a password session with a clear message', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'sso@umbrella.test')
    await expect(page.getByRole('alert')).toContainText('single sign-on', { timeout: 10_000 })
    await expect(page).toHaveURL((url) => url.pathname === '/signin')
  })

  test('an unsafe app_path is ignored after sign-in', async ({ page }) => {
    for (const appPath of ['//evil.test/app', 'https://evil.test/app', '/\\evil.test', 'javascript:alert(1)']) {
      await page.context().clearCookies()
      await page.goto(`/signin?main_app=true&app_path=${encodeURIComponent(appPath)}`)
      await signIn(page, 'admin@acme.test', DEMO_PASSWORD)
      await expect(page).toHaveURL((url) => url.origin === new URL(page.url()).origin && url.pathname === '/app/dashboard')
      await page.evaluate(() => localStorage.clear())
    }
  })

  test('public pages render without sign-in and without the shell', async ({ page }) => {
    for (const path of ['/', '/pricing', '/terms-of-service', '/share/c/abc']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(page).toHaveURL((url) => url.pathname === path)
      await expect(page.getByRole('link', { name: 'Log Out' })).toHaveCount(0)
    }
  })

  test('an expired access token is refreshed before the first call, without a sign-in', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    // Pretend the access token expired: the expiry cookie says so.
    await page.evaluate(() => {
      document.cookie = `token_expiry=${Date.now() - 1000}; Path=/; SameSite=Lax; Secure`
    })
    const refresh = page.waitForResponse((r) => r.url().endsWith('/api/users/refresh-token'))
    await page.reload()
    expect((await refresh).status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  })
})

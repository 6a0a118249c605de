/**
 * The human-verification gate in Chromium (SPEC.md §2.6 Human-verification overlay, §4 Human
 * verification): the sign-in page and the /share/* pages show the "Verify You're Human" modal,
 * which clears by itself with the embedded ALTCHA check (real proof-of-work in the browser, the
 * server verifying the payload); the session then remembers it; and the widget's code is not part
 * of the dashboard's initial bundle.
 */
import { readFileSync } from 'node:fs'
import { DEMO_PASSWORD, VERIFICATION_DIALOG, expect, test } from './fixtures.ts'

test.describe('human verification', () => {
  test('the sign-in page shows the verification modal, which clears by itself with ALTCHA; then sign-in works', async ({ page }) => {
    const challenge = page.waitForResponse((r) => r.url().endsWith('/api/users/bot-check/challenge'))
    const verified = page.waitForResponse((r) => r.url().endsWith('/api/users/verify-turnstile'))
    await page.goto('/signin')

    const dialog = page.getByRole('dialog', { name: VERIFICATION_DIALOG })
    await expect(dialog).toBeVisible()
    // The page is blocked: the form is not there until the check passes.
    await expect(page.getByLabel('Email')).toHaveCount(0)

    const challengeResponse = await challenge
    expect(challengeResponse.status()).toBe(200)
    const issued = (await challengeResponse.json()) as { parameters: { algorithm: string } }
    expect(issued.parameters.algorithm).toBe('PBKDF2/SHA-256')
    const verifyResponse = await verified
    expect(verifyResponse.status()).toBe(200)
    // A passed check answers the proof that sign-in requires.
    const { proof } = (await verifyResponse.json()) as { proof: string }
    expect(await verifyResponse.json()).toEqual({ verified: true, proof: expect.stringMatching(/^p1\./), expires_in: 600 })
    // What the browser sent is a real solution of that challenge, not a client-made token.
    const sent = JSON.parse(Buffer.from((verifyResponse.request().postDataJSON() as { token: string }).token, 'base64').toString('utf8')) as {
      challenge: { parameters: unknown }
      solution: { counter: number }
    }
    expect(sent.challenge.parameters).toEqual(issued.parameters)
    expect(sent.solution.counter).toBeGreaterThan(0)

    await expect(dialog).toBeHidden()
    await page.getByLabel('Email').fill('admin@acme.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    const signIn = page.waitForRequest((r) => r.url().endsWith('/api/users/signin'))
    // The live stream opens with a single-use ticket; the access token is in no URL.
    const stream = page.waitForRequest((r) => r.url().includes('/notifications/stream?'))
    await page.getByRole('button', { name: 'Sign in' }).click()
    expect((await signIn).postDataJSON()).toMatchObject({ email: 'admin@acme.test', bot_check_proof: proof })
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    const streamUrl = new URL((await stream).url())
    expect(streamUrl.searchParams.get('ticket')).toMatch(/^[\w-]{43}\.\d+$/)
    expect(streamUrl.searchParams.has('access_token')).toBe(false)
    // The proof was spent: the session no longer offers it.
    expect(await page.evaluate(() => sessionStorage.getItem('bot_check_proof'))).toBeNull()
  })

  test('a sign-in the server refuses for want of a proof shows the check again, and then signs in', async ({ page }) => {
    await page.goto('/signin')
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 15_000 })
    // As if the proof had expired or been spent elsewhere: the page still believes it passed.
    await page.evaluate(() => sessionStorage.setItem('bot_check_proof', JSON.stringify({ proof: 'p1.forged', expiresAtMs: Date.now() + 600_000 })))
    await page.getByLabel('Email').fill('admin@acme.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/users/signin'))
    await page.getByRole('button', { name: 'Sign in' }).click()
    expect((await refused).status()).toBe(403)
    // The gate runs again (ALTCHA clears by itself), then the form is back with the server's words.
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('alert')).toContainText('human-verification proof is not valid')
    await page.getByLabel('Email').fill('admin@acme.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  })

  test('once verified, the session remembers it: going back to sign-in asks nothing; a new tab asks again', async ({ page, context }) => {
    await page.goto('/signin')
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 15_000 })

    let challenges = 0
    page.on('request', (r) => {
      if (r.url().includes('/api/users/bot-check/')) challenges++
    })
    await page.reload()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByRole('dialog', { name: VERIFICATION_DIALOG })).toHaveCount(0)
    expect(challenges).toBe(0)
    expect(await page.evaluate(() => sessionStorage.getItem('bot_check_verified'))).toBe('true')

    // sessionStorage belongs to the tab: another tab is a new session for the gate.
    const other = await context.newPage()
    await other.goto('/signin')
    await expect(other.getByRole('dialog', { name: VERIFICATION_DIALOG })).toBeVisible()
    await expect(other.getByLabel('Email')).toBeVisible({ timeout: 15_000 })
  })

  test("the gate's configuration is asked ahead: the landing page's 'Sign in' link asks it once, and the sign-in page needs no other", async ({ page }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/users/bot-check/config') asked.push(r.url())
    })
    await page.goto('/')
    await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible()
    // The idle link prefetch starts the sign-in route, its chunk and the gate's question.
    await expect.poll(() => asked.length, { timeout: 10_000 }).toBe(1)
    await page.getByRole('link', { name: 'Sign in' }).first().click()
    await expect(page.getByRole('dialog', { name: VERIFICATION_DIALOG })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 15_000 })
    expect(asked).toHaveLength(1)
  })

  test('a /share page is gated too, and shows its content once the check clears', async ({ page }) => {
    await page.goto('/share/c/abc')
    await expect(page.getByRole('dialog', { name: VERIFICATION_DIALOG })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Shared with you' })).toBeVisible({ timeout: 15_000 })
    await expect(page.getByRole('dialog', { name: VERIFICATION_DIALOG })).toHaveCount(0)
  })

  test('the widget is not in the initial bundle and a signed-in dashboard never loads it', async ({ page, context }) => {
    const indexHtml = readFileSync('dist/index.html', 'utf8')
    const initial = [...indexHtml.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]!)
    expect(initial.length).toBeGreaterThan(0)
    for (const file of initial) expect(file).not.toMatch(/altcha/i)
    // A sentence only the altcha library has (the app's own widget wrapper is small and may be in the bundle).
    const altchaMarker = 'Parameter verifyUrl must be set'
    for (const file of initial) expect(readFileSync(`dist${file}`, 'utf8').includes(altchaMarker), `${file} contains the altcha library`).toBe(false)

    await page.goto('/signin')
    await page.getByLabel('Email').fill('admin@acme.test')
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()

    // A new tab straight onto the dashboard (signed in through the cookies).
    const dashboard = await context.newPage()
    const scripts: string[] = []
    dashboard.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    await dashboard.goto('/app/dashboard')
    await expect(dashboard.getByRole('heading', { name: 'Overview' })).toBeVisible()
    expect(scripts.length).toBeGreaterThan(0)
    expect(scripts.filter((url) => /altcha/i.test(url))).toEqual([])
  })
})

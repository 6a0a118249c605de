/**
 * Passkeys end to end in Chromium with its virtual authenticator (CDP `WebAuthn.*`; Playwright
 * has no API of its own): a fresh person adds a passkey on /app/account › Security, sees it
 * listed, signs out, and signs in again with 'Sign in with a passkey' alone.
 *
 * The app is opened at http://localhost:<port>, not the server's 127.0.0.1: browsers refuse an
 * IP address as a relying party ID, and the server serves a loopback address as `localhost`
 * (server/auth/webauthn.ts). A fresh person keeps the demo accounts as other specs expect.
 */
import type { Page } from '@playwright/test'
import { expect, passVerification, signUpFreshPerson, test } from './fixtures.ts'

test.use({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server')
    await use(url.replace('//127.0.0.1:', '//localhost:'))
  },
})

/** A platform authenticator with user verification that answers every prompt at once; resolves with a way to read its passkeys. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    /** Whether prompts are answered at once (else they wait, as for a person who has not touched the sensor). */
    presence: (enabled: boolean) => cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled }),
    add: (credential: Awaited<ReturnType<typeof cdp.send<'WebAuthn.getCredentials'>>>['credentials'][number]) => cdp.send('WebAuthn.addCredential', { authenticatorId, credential }),
  }
}

test.describe('passkeys', () => {
  test('a passkey added on Account › Security signs the person in on /signin', async ({ page }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: 1280, height: 800 })
    const person = await signUpFreshPerson(page, 'Paula', 'passkeys-e2e-Secret-9')
    const authenticator = await addVirtualAuthenticator(page)

    await page.goto('/app/account?tab=security')
    const section = page.getByRole('region', { name: 'Passkeys' })
    await expect(section.getByText('No passkeys yet.')).toBeVisible()
    await section.getByRole('button', { name: 'Add a passkey' }).click()
    await section.getByLabel('Passkey name').fill('Chromium key')
    await section.getByRole('button', { name: 'Continue' }).click()
    const list = section.getByRole('list', { name: 'Your passkeys' })
    const row = list.getByRole('listitem').filter({ hasText: 'Chromium key' })
    await expect(row).toBeVisible({ timeout: 15_000 })
    await expect(row).toContainText('Never used')
    await expect(row).toContainText(/This device only|Synced passkey/)
    await expect(page.getByText('Passkey “Chromium key” added')).toBeVisible()

    // The button's way first: this page's browser offers no passkeys in the email field's suggestions
    // (with them, the virtual authenticator, which answers at once, would sign in before the click).
    await page.addInitScript(() => {
      ;(window.PublicKeyCredential as unknown as { isConditionalMediationAvailable: () => Promise<boolean> }).isConditionalMediationAvailable = async () => false
    })
    await authenticator.presence(false)
    await page.getByRole('button', { name: 'User menu' }).click()
    await page.getByRole('menu', { name: 'User menu' }).getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signin', { timeout: 10_000 })
    await page.reload()
    await authenticator.presence(true)

    await passVerification(page)
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard', { timeout: 15_000 })
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 15_000 })

    // The same person, and the passkey now has been used.
    await page.goto('/app/account?tab=security')
    await expect(page.getByRole('region', { name: 'Passkeys' }).getByRole('listitem').filter({ hasText: 'Chromium key' })).toContainText('Last used just now')
    await page.goto('/app/account')
    await expect(page.getByLabel('Full name')).toHaveValue(person.name)
    const credentials = await authenticator.credentials()
    expect(credentials).toHaveLength(1)

    // Autofill (conditional mediation): another browser holding the same passkey signs in on
    // /signin with no click at all, the passkey picked from the email field's suggestions.
    const other = await page.context().browser()!.newContext({ viewport: { width: 1280, height: 800 } })
    const second = await other.newPage()
    const copy = await addVirtualAuthenticator(second)
    await copy.add(credentials[0]!)
    await second.goto(`${new URL(page.url()).origin}/signin`)
    await expect(second).toHaveURL((url) => url.pathname === '/app/dashboard', { timeout: 20_000 })
    await expect(second.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 15_000 })
    await other.close()
  })
})

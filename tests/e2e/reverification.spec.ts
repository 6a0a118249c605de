/**
 * 'Confirm it's you' end to end: turning two-factor off with a session whose last factor is older
 * than the reverification window opens the dialog; Cancel leaves two-factor on with the server's
 * message; the password (a wrong one first) confirms and the change goes through.
 *
 * This spec runs its own server (the built dist/ the global setup made, on its own DATA_DIR and a
 * free port, as tests/e2e/faults.spec.ts does) with REVERIFICATION_WINDOW_S=5, so a session goes
 * stale in seconds without a test hook in the server, and the other specs keep the default
 * 10 minutes. Its demo accounts are its own, so Ada's two-factor changes disturb nobody.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import { expect, signIn, test } from './fixtures.ts'
import { freePort, startServer, stopServer } from './own-server.ts'

const WINDOW_S = 5
const EMAIL = 'admin@acme.test'
const SECURITY = '/app/setting/profile-settings?tab=security'
const REQUIRED = "Confirm it's you to make this change: enter your password, a code or use a passkey."

/** A TOTP code one time step ahead: within the server's ±1 step window, and never the step already used. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })

test.describe("Confirm it's you", () => {
  test('turning two-factor off with a stale session asks for the password in a dialog, then turns it off', async ({ page }) => {
    test.setTimeout(180_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-reverify-'))
    const port = await freePort()
    const server = await startServer(port, dataDir, { REVERIFICATION_WINDOW_S: String(WINDOW_S) })
    try {
      const base = `http://127.0.0.1:${port}`
      await page.goto(`${base}/signin`)
      await signIn(page, EMAIL)
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible({ timeout: 15_000 })

      // Turn two-factor on, as tests/e2e/security.spec.ts does, with a real TOTP generator.
      await page.goto(`${base}${SECURITY}`)
      const section = page.getByRole('region', { name: 'Two-factor authentication' })
      await section.getByRole('button', { name: 'Turn on' }).click()
      const secret = ((await section.getByLabel('Secret key').textContent()) ?? '').replace(/\s+/g, '')
      await section.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
      await section.getByRole('button', { name: 'Confirm' }).click()
      await section.getByRole('button', { name: 'I saved them' }).click()
      await expect(section.getByText('On', { exact: true })).toBeVisible()

      // The sign-in's factor lapses after the window.
      await page.waitForTimeout((WINDOW_S + 1) * 1000)

      // Turning it off asks 'Confirm it's you'; Cancel leaves it on, with the server's message.
      await section.getByRole('button', { name: 'Turn off' }).click()
      await section.getByLabel('Authentication or recovery code').fill(await nextCode(secret))
      await section.getByRole('button', { name: 'Turn off' }).click()
      const dialog = page.getByRole('dialog', { name: "Confirm it's you" })
      await expect(dialog).toBeVisible()
      await expect(dialog).toHaveAccessibleDescription('For your security, enter your password to continue.')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(section.getByText(REQUIRED)).toBeVisible()

      // Again: a wrong password is refused on its field; the right one confirms and the change goes through.
      await section.getByRole('button', { name: 'Turn off' }).click()
      await expect(dialog).toBeVisible()
      // Two-factor is on: the person may confirm with a code instead.
      await expect(dialog.getByRole('radio', { name: 'Code' })).toBeVisible()
      await dialog.getByLabel('Password').fill('not-my-password')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await expect(dialog.getByText('That password is not right. Try again.')).toBeVisible()
      await dialog.getByLabel('Password').fill('demo-password')
      await dialog.getByRole('button', { name: 'Confirm' }).click()
      await expect(dialog).toHaveCount(0)
      await expect(section.getByText('Off', { exact: true })).toBeVisible()
      await expect(section.getByRole('button', { name: 'Turn on' })).toBeVisible()
    } finally {
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

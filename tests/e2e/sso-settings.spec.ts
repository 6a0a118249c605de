/**
 * Workspace Settings › Single sign-on through the real server: Ada (Acme's Super Admin) tests an
 * unreachable issuer and sees why, saves a connection, finds it after a reload (the secret never
 * shown, only that one is set) and removes it; Sara, signed in through the demo identity provider,
 * tests Umbrella's saved connection and sees "Connected to …"; the agent (no ORGANIZATIONS update)
 * never sees the section. Acme never requires single sign-on here: other specs sign in to Acme
 * with passwords, so 'Require single sign-on' stays off and the connection is removed at the end.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, expect, passVerification, test } from './fixtures.ts'

const SETTINGS = '/app/setting/workspace-settings'
const SECRET_KEPT = 'A secret is set: leave empty to keep it'
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical WCAG 2 A/AA violations inside `selector`, as tests/e2e/a11y.spec.ts counts them. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(
    async (include) =>
      (
        await (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Array<{ id: string; impact: string | null; help: string }> }> } }).axe.run(
          { include: [include], exclude: [['[data-live-announcer]']] },
          { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
        )
      ).violations,
    selector,
  )
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)
}

/** The sign-in form with the demo password ('Sign in' exactly: /signin also offers 'Sign in with a passkey'). */
async function signIn(page: Page, email: string): Promise<void> {
  await passVerification(page)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

const section = (page: Page) => page.getByRole('region', { name: 'Single sign-on' })

test.describe('Workspace Settings › Single sign-on', () => {
  test('Ada tests an unreachable issuer, saves a connection, finds it after a reload and removes it', async ({ page }) => {
    test.setTimeout(60_000)
    await page.goto(`/signin?main_app=true&app_path=${encodeURIComponent(SETTINGS)}`)
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === SETTINGS)
    const sso = section(page)
    await expect(sso.getByRole('heading', { name: 'Single sign-on' })).toBeVisible()
    const issuer = sso.getByLabel('Issuer URL')
    await expect(issuer).toHaveValue('')
    await expect(sso.getByRole('switch', { name: 'Require single sign-on' })).not.toBeChecked()
    await expect(sso.getByText(/\/sso\/callback$/)).toBeVisible()
    expect(await seriousViolations(page, 'section[aria-labelledby="sso-heading"]')).toEqual([])

    // Nothing listens on port 1: the server's discovery fails and says so.
    await issuer.fill('https://127.0.0.1:1')
    await sso.getByRole('button', { name: 'Test connection' }).click()
    await expect(sso.getByText('The identity provider at https://127.0.0.1:1 could not be reached.')).toBeVisible({ timeout: 15_000 })

    try {
      await issuer.fill('https://login.acme-e2e.example')
      await sso.getByLabel('Client ID').fill('engage-acme-e2e')
      await sso.getByLabel('Client secret').fill('e2e-client-secret')
      await sso.getByLabel('Email domains').fill('SSO-E2E.acme.test, sso-e2e.acme.example')
      await sso.getByRole('button', { name: 'Save' }).click()
      await expect(sso.getByText('Saved', { exact: true })).toBeVisible()
      await expect(page.getByText('Single sign-on saved')).toBeVisible()

      await page.reload()
      const again = section(page)
      await expect(again.getByLabel('Issuer URL')).toHaveValue('https://login.acme-e2e.example')
      await expect(again.getByLabel('Client ID')).toHaveValue('engage-acme-e2e')
      await expect(again.getByLabel('Client secret')).toHaveValue('')
      await expect(again.getByLabel('Client secret')).toHaveAttribute('placeholder', SECRET_KEPT)
      // The list the server saved: lower-cased, sorted, one per line.
      await expect(again.getByLabel('Email domains')).toHaveValue('sso-e2e.acme.example\nsso-e2e.acme.test')
      await expect(again.getByText('Set up', { exact: true })).toBeVisible()
      // The secret never reaches the page.
      expect(await page.content()).not.toContain('e2e-client-secret')
    } finally {
      // Remove it (the confirmation), so Acme is as the other specs expect.
      const last = section(page)
      const remove = last.getByRole('button', { name: 'Remove single sign-on' })
      if (await remove.isVisible()) {
        await remove.click()
        const dialog = page.getByRole('alertdialog', { name: 'Remove single sign-on?' })
        await dialog.getByRole('button', { name: 'Remove' }).click()
        await expect(page.getByText('Single sign-on removed')).toBeVisible()
      }
    }
    await page.reload()
    await expect(section(page).getByLabel('Issuer URL')).toHaveValue('')
    await expect(section(page).getByRole('button', { name: 'Remove single sign-on' })).toHaveCount(0)
  })

  test("Sara, signed in through Umbrella's provider, tests its saved connection: Connected", async ({ page }) => {
    test.setTimeout(60_000)
    await page.goto('/signin/sso')
    await passVerification(page)
    await page.getByLabel('Email').fill('sso@umbrella.test')
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { name: 'Umbrella identity provider' })).toBeVisible()
    await page.getByLabel('Password').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL((url) => url.pathname.startsWith('/app/') && !url.pathname.startsWith('/app/workspace-selection'), { timeout: 15_000 })

    await page.goto(SETTINGS)
    const sso = section(page)
    await expect(sso.getByLabel('Issuer URL')).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+/)
    const issuer = await sso.getByLabel('Issuer URL').inputValue()
    await expect(sso.getByLabel('Client secret')).toHaveAttribute('placeholder', SECRET_KEPT)
    await expect(sso.getByLabel('Email domains')).toHaveValue(/umbrella\.test/)
    await expect(sso.getByRole('switch', { name: 'Require single sign-on' })).toBeChecked()
    await sso.getByRole('button', { name: 'Test connection' }).click()
    await expect(sso.getByText(`Connected to ${issuer}`)).toBeVisible({ timeout: 15_000 })
  })

  test('the agent (no ORGANIZATIONS update) does not see the section', async ({ page }) => {
    await page.goto(`/signin?main_app=true&app_path=${encodeURIComponent(SETTINGS)}`)
    await signIn(page, 'agent@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === SETTINGS)
    // The agent may not open Workspace Settings at all; the section is not there either way.
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Single sign-on' })).toHaveCount(0)
    await expect(page.getByLabel('Issuer URL')).toHaveCount(0)
  })
})

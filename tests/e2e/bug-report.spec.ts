/**
 * Bug reports end to end (SPEC §2.3, §2.6 Bug-report modal, §4 Bug report, §8 toasts): a report
 * with an uploaded screenshot reaches the database (checked with `npm run admin -- bug-reports`
 * against the e2e server's DATA_DIR), the screenshot is served back, 'Hide Forever' removes the
 * button across reloads, and the button is absent on /app/integrations paths.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Page } from '@playwright/test'
import type { BugReportEntry } from '../../contract/bugReports.ts'
import { expect, signIn, test } from './fixtures.ts'

const run = promisify(execFile)

/** `npm run admin -- bug-reports --json` against the e2e server's DATA_DIR (global-setup). */
async function bugReports(): Promise<BugReportEntry[]> {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the server')
  const { stdout } = await run('npm', ['run', '--silent', 'admin', '--', 'bug-reports', '--json', '--limit', '50'], {
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  })
  return JSON.parse(stdout) as BugReportEntry[]
}

/** A small real PNG (1×1, transparent). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

async function signInToDashboard(page: Page) {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
}

test.describe('bug reports (SPEC §2.6)', () => {
  test('a signed-in user reports a bug with an uploaded screenshot; it reaches the database and the screenshot is served', async ({ page }) => {
    test.setTimeout(60_000)
    await signInToDashboard(page)
    const title = `Billing chart is empty ${Date.now().toString(36)}`

    await page.getByRole('button', { name: 'Report a bug' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report a bug' })
    await expect(dialog.getByLabel('Reporter email')).toHaveValue('admin@acme.test')
    // Required fields first: submitting empty shows both errors and sends nothing.
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByText('Title is required')).toBeVisible()
    await expect(dialog.getByText('Description is required')).toBeVisible()

    await dialog.getByLabel('Title').fill(title)
    await dialog.getByLabel('Description').fill('The chart on the billing page shows no bars.')
    await dialog.getByLabel('Steps to reproduce (optional)').fill('1. Open Billing\n2. Look at the chart')
    const chooser = page.waitForEvent('filechooser')
    await dialog.getByRole('button', { name: 'Choose image' }).click()
    await (await chooser).setFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: PNG })
    await expect(dialog.getByRole('status')).toHaveText('Uploaded screenshot.png')
    const screenshotUrl = await dialog.getByLabel('Screenshot URL').inputValue()
    expect(screenshotUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/data-storage\/files\/[A-Za-z0-9_-]{22}\/screenshot\.png$/)

    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(page.getByText('Bug report submitted successfully')).toBeVisible()
    await expect(dialog).toHaveCount(0)

    const report = (await bugReports()).find((r) => r.title === title)
    expect(report).toMatchObject({
      description: 'The chart on the billing page shows no bars.',
      steps_to_reproduce: '1. Open Billing\n2. Look at the chart',
      reporter_email: 'admin@acme.test',
      screenshot_url: screenshotUrl,
    })
    expect(report?.org_id).not.toBeNull()
    expect(report?.website_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\/dashboard$/)
    expect(report?.device_info).toMatchObject({ device_type: 'desktop', os: 'Linux' })
    expect(report?.browser_info).toMatchObject({ browser: 'Chrome' })
    expect(String(report?.browser_info.user_agent)).toContain('Chrome')

    const file = await page.request.get(screenshotUrl)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toBe('image/png')
    expect(file.headers()['x-content-type-options']).toBe('nosniff')
    expect(file.headers()['content-security-policy']).toContain('sandbox')
    expect(Buffer.from(await file.body()).equals(PNG)).toBe(true)
  })

  test('a screenshot pasted from the clipboard is uploaded; a visitor reports anonymously with a screenshot link', async ({ page }) => {
    test.setTimeout(60_000)
    await signInToDashboard(page)
    await page.getByRole('button', { name: 'Report a bug' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report a bug' })
    await dialog.getByLabel('Title').focus()
    await page.evaluate((base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }))
      document.activeElement?.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, PNG.toString('base64'))
    await expect(dialog.getByRole('status')).toHaveText('Uploaded pasted.png')
    await expect(dialog.getByLabel('Screenshot URL')).toHaveValue(/\/api\/data-storage\/files\/[A-Za-z0-9_-]{22}\/pasted\.png$/)
    await expect(dialog.getByLabel('Title')).toHaveValue('')

    // A visitor in a fresh browser: no email, and a typed link must be http(s).
    const visitor = await page.context().browser()!.newPage()
    try {
      await visitor.goto('/pricing')
      await visitor.getByRole('button', { name: 'Report a bug' }).click()
      const form = visitor.getByRole('dialog', { name: 'Report a bug' })
      await expect(form.getByLabel('Reporter email')).toHaveValue('')
      const title = `Pricing typo ${Date.now().toString(36)}`
      await form.getByLabel('Title').fill(title)
      await form.getByLabel('Description').fill('“Teh” on the pricing page.')
      await form.getByLabel('Screenshot URL').fill('javascript:alert(1)')
      await form.getByRole('button', { name: 'Submit' }).click()
      await expect(form.getByText('Enter a valid http(s) URL')).toBeVisible()
      await form.getByLabel('Screenshot URL').fill('https://images.example.com/typo.png')
      await form.getByRole('button', { name: 'Submit' }).click()
      await expect(visitor.getByText('Bug report submitted successfully')).toBeVisible()
      expect((await bugReports()).find((r) => r.title === title)).toMatchObject({
        reporter_email: '',
        user_id: null,
        org_id: null,
        screenshot_url: 'https://images.example.com/typo.png',
      })
    } finally {
      await visitor.close()
    }
  })

  test("'Hide Forever' removes the button, it stays gone across reloads, and /enable-bug-report brings it back", async ({ page }) => {
    await page.goto('/pricing')
    await page.getByRole('button', { name: 'Report a bug' }).click()
    await page.getByRole('dialog', { name: 'Report a bug' }).getByRole('button', { name: 'Hide Forever' }).click()
    await expect(page.getByRole('dialog', { name: 'Report a bug' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Report a bug' })).toHaveCount(0)
    expect(await page.evaluate(() => localStorage.getItem('bug_report_hidden'))).toBe('true')
    await page.reload()
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Report a bug' })).toHaveCount(0)
    await page.goto('/terms-of-service')
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Report a bug' })).toHaveCount(0)

    // SPEC §2.5's /enable-bug-report turns it back on: the button is there at once, and stays.
    await page.goto('/enable-bug-report')
    await expect(page.getByRole('heading', { level: 1, name: 'Bug reports' })).toBeVisible()
    await expect(page.getByText("The 'Report a bug' button is on again in this browser, on every page.")).toBeVisible()
    await expect(page.getByRole('button', { name: 'Report a bug' })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('bug_report_hidden'))).toBeNull()
    await page.goto('/pricing')
    await expect(page.getByRole('button', { name: 'Report a bug' })).toBeVisible()
  })

  test('the button is absent on paths containing /app/integrations and present elsewhere', async ({ page }) => {
    await signInToDashboard(page)
    await expect(page.getByRole('button', { name: 'Report a bug' })).toBeVisible()
    await page.goto('/app/integrations')
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Report a bug' })).toHaveCount(0)
    await page.goto('/app/integrations/hubspot')
    await expect(page.getByRole('heading').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Report a bug' })).toHaveCount(0)
    await page.goto('/app/integration-apps/ad-account')
    await expect(page.getByRole('button', { name: 'Report a bug' })).toBeVisible()
  })
})

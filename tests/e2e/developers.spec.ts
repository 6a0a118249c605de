/**
 * Developers (/app/developers) in Chromium against the built app and the real server: an API key
 * created from the page works with the curl call the page shows, its secret is shown once and is
 * nowhere after Done or a reload; revoking asks first and the key stops working; the API reference
 * renders under the server's Content-Security-Policy with no request leaving the app's origin; a
 * webhook endpoint on a local receiver (allow-listed for the e2e server: global-setup.ts) gets a
 * signed test event, verified here with its signing secret, and the delivery log shows it.
 */
import http from 'node:http'
import type { Page } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { expect, signIn, test } from './fixtures.ts'

const SECRET = /^eng_[0-9A-Za-z]{40}$/

async function openDevelopers(page: Page, query = ''): Promise<void> {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  await page.goto(`/app/developers${query}`)
  await expect(page.getByRole('heading', { name: 'Developers', level: 1 })).toBeVisible()
}

test.describe('Developers', () => {
  test('an API key is shown once, works as a bearer token, and stops working when revoked', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
    await openDevelopers(page)
    await page.getByRole('button', { name: 'Create API key' }).first().click()
    const dialog = page.getByRole('dialog', { name: 'Create API key' })
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()
    await expect(dialog.getByText('Name is required')).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Name' }).fill('CI export')
    await dialog.getByRole('button', { name: /Permission set/ }).click()
    await page.getByRole('option', { name: 'Super Admin' }).click()
    await dialog.getByRole('button', { name: 'Create', exact: true }).click()

    const shown = page.getByRole('dialog', { name: 'API key created' })
    await expect(shown.getByText("Copy this key now. You won't be able to see it again.")).toBeVisible()
    const secret = await shown.getByRole('textbox', { name: 'Your new API key' }).inputValue()
    expect(secret).toMatch(SECRET)
    await shown.getByRole('button', { name: 'Copy the API key' }).click()
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret)
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(shown).toBeHidden()

    const row = page.getByRole('row', { name: /CI export/ })
    await expect(row).toContainText(`${secret.slice(0, 12)}…`)
    await expect(row).toContainText('Never')
    // The secret is in neither the page nor the browser's storage, now or after a reload.
    const leftovers = () =>
      page.evaluate((s) => [document.documentElement.outerHTML.includes(s), JSON.stringify({ ...localStorage }).includes(s), JSON.stringify({ ...sessionStorage }).includes(s)], secret)
    expect(await leftovers()).toEqual([false, false, false])
    await page.reload()
    await expect(page.getByRole('row', { name: /CI export/ })).toBeVisible()
    expect(await leftovers()).toEqual([false, false, false])

    // The key works as the page's curl example says: no x-org-id.
    const members = await page.request.get('/api/organizations/members', { headers: { authorization: `Bearer ${secret}` } })
    expect(members.status()).toBe(200)

    await page.getByRole('button', { name: 'Revoke CI export' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “CI export”?' })
    await expect(confirm.getByText('Anything using it stops working at once.')).toBeVisible()
    await confirm.getByRole('button', { name: 'Revoke key' }).click()
    await expect(page.getByRole('row', { name: /CI export/ })).toHaveCount(0)
    await expect(page.getByText('API key “CI export” revoked')).toBeVisible()
    expect((await page.request.get('/api/organizations/members', { headers: { authorization: `Bearer ${secret}` } })).status()).toBe(401)
  })

  test('the API reference loads on its tab only, renders under the CSP and asks nothing of another origin', async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin
    const foreign: string[] = []
    const problems: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== origin) foreign.push(request.url())
    })
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text())
    })
    page.on('pageerror', (error) => problems.push(error.message))
    await openDevelopers(page)
    const viewerRequested = () => page.evaluate(() => performance.getEntriesByType('resource').some((e) => e.name.includes('ApiReferenceViewer')))
    expect(await viewerRequested()).toBe(false)

    await page.getByRole('tab', { name: 'API reference' }).click()
    await expect(page).toHaveURL(/[?&]tab=reference/)
    const note = page.getByRole('list', { name: 'Operations that accept an API key' })
    await expect(note.getByText('/api/organizations/members', { exact: true })).toBeVisible({ timeout: 20_000 })
    await expect(page.getByRole('link', { name: 'Download the OpenAPI document' })).toHaveAttribute('href', '/api/openapi.json')
    await expect(page.locator('.scalar-app').first()).toBeVisible()
    await expect(page.getByText('Engage API').first()).toBeVisible()
    expect(await viewerRequested()).toBe(true)
    // The page's title and address stay the app's.
    await expect(page).toHaveTitle(/Developers/)
    expect(new URL(page.url()).pathname).toBe('/app/developers')
    expect(problems).toEqual([])
    expect(foreign).toEqual([])
  })

  test('a webhook endpoint on a local receiver gets a signed test event, and its delivery log shows it', async ({ page }) => {
    const received: Array<{ headers: http.IncomingHttpHeaders; body: string }> = []
    const receiver = http.createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        received.push({ headers: request.headers, body })
        response.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks/engage`
    try {
      await openDevelopers(page, '?tab=webhooks')
      await page.getByRole('button', { name: 'Add endpoint' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' })
      // A private address off the allow-list is refused at the field.
      await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://10.0.0.1/hook')
      await dialog.getByText('member.joined', { exact: true }).click()
      await dialog.getByRole('button', { name: 'Add endpoint' }).click()
      await expect(dialog.getByText(/private or reserved address/)).toBeVisible()
      await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(url)
      await dialog.getByRole('button', { name: 'Add endpoint' }).click()

      const shown = page.getByRole('dialog', { name: 'Endpoint added' })
      const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue()
      expect(secret).toMatch(/^whsec_/)
      await shown.getByRole('button', { name: 'Done' }).click()
      await expect(shown).toBeHidden()
      await expect(page.getByText(url)).toBeVisible()
      expect(await page.evaluate((s) => document.documentElement.outerHTML.includes(s), secret)).toBe(false)

      await page.getByRole('button', { name: 'Delivery log' }).first().click()
      await expect(page.getByRole('heading', { name: 'Delivery log' })).toBeVisible()
      await expect(page.getByText('Nothing sent yet')).toBeVisible()
      await page.getByRole('button', { name: 'Send test event' }).click()
      const row = page.getByRole('listitem').filter({ hasText: 'webhook.test' })
      await expect(row.getByText('Delivered')).toBeVisible({ timeout: 15_000 })
      await expect(row).toContainText('HTTP 200')
      await row.getByRole('button', { name: 'webhook.test' }).click()
      await expect(row.getByText('thanks')).toBeVisible()

      // The receiver got it once, signed per Standard Webhooks with the secret shown once.
      expect(received).toHaveLength(1)
      const [delivery] = received
      const verified = new Webhook(secret).verify(delivery!.body, {
        'webhook-id': String(delivery!.headers['webhook-id']),
        'webhook-timestamp': String(delivery!.headers['webhook-timestamp']),
        'webhook-signature': String(delivery!.headers['webhook-signature']),
      }) as { type: string }
      expect(verified.type).toBe('webhook.test')
      await expect(row).toContainText(String(delivery!.headers['webhook-id']))

      // Clean up: the shared demo workspace keeps no endpoint.
      await page.getByRole('button', { name: 'Webhook endpoints' }).click()
      await page.getByRole('button', { name: 'More actions' }).first().click()
      await page.getByRole('menuitem', { name: /Delete/ }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: /Delete/ }).click()
      await expect(page.getByText(url)).toHaveCount(0)
    } finally {
      receiver.close()
    }
  })
})

/**
 * The installable app: every page links the web app manifest, which the server hands out with its
 * media type; Chromium reads it without errors and finds the install criteria met; its icons load
 * at the sizes it names; its shortcuts lead to the inbox and open the command palette.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../playwright.config.ts'
import { expect, signIn, test } from './fixtures.ts'

interface Manifest {
  readonly name: string
  readonly short_name: string
  readonly start_url: string
  readonly display: string
  readonly theme_color: string
  readonly background_color: string
  readonly icons: ReadonlyArray<{ src: string; sizes: string; type: string; purpose?: string }>
  readonly shortcuts: ReadonlyArray<{ name: string; url: string }>
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test.describe('installable', () => {
  test('the manifest is linked from the pages, served as a manifest, valid to Chromium, and its icons are what it says', async ({ page, request, baseURL }) => {
    const response = await request.get('/manifest.webmanifest')
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('application/manifest+json')
    const manifest = (await response.json()) as Manifest
    expect(manifest).toMatchObject({ name: 'Engage', short_name: 'Engage', start_url: '/app/dashboard', display: 'standalone' })
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src)
      expect(image.status(), icon.src).toBe(200)
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes)
    }
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']))
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/app/notifications', '/app/dashboard?palette'])

    // Linked from every page (the SPA's one document), read by Chromium with no errors, installable.
    for (const path of ['/', '/signin', '/app/dashboard']) {
      await page.goto(path)
      await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')
    }

    // Chromium never offers to install from an incognito profile (every test context is one): a
    // profile of its own on disk, as a person's browser has.
    const profile = mkdtempSync(path.join(tmpdir(), 'engage-install-'))
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, baseURL })
    try {
      const own = await context.newPage()
      await own.goto('/signin')
      const cdp = await context.newCDPSession(own)
      const read = await cdp.send('Page.getAppManifest')
      expect(read.errors).toEqual([])
      expect(read.url).toMatch(/\/manifest\.webmanifest$/)
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([])
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test("the 'Command palette' shortcut opens the palette over the dashboard and leaves the address clean", async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.goto('/app/dashboard?palette')
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeVisible()
    expect(new URL(page.url()).search).toBe('')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0)
    await page.reload()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0)
  })
})

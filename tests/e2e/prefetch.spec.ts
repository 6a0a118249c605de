import { expect, signIn, test } from './fixtures.ts'

test.describe('link prefetch (SPEC §9: margin 200 px)', () => {
  test('a link on screen has its lazy page loaded before anyone clicks it; following it then needs no new chunk', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    const billingChunk = /\/assets\/BillingPage-[\w-]+\.js$/
    const chunkRequests: string[] = []
    page.on('request', (request) => {
      if (billingChunk.test(new URL(request.url()).pathname)) chunkRequests.push(request.url())
    })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    // The header's credits summary links to /app/billing, whose page (and chart library) is lazy.
    await expect(page.getByRole('link', { name: 'Credits' })).toBeVisible()
    await expect.poll(() => chunkRequests.length, { message: 'the billing chunk was not prefetched' }).toBeGreaterThan(0)
    expect(page.url()).toContain('/app/dashboard')

    const before = chunkRequests.length
    await page.getByRole('link', { name: 'Credits' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible()
    expect(chunkRequests.length).toBe(before)
  })
})

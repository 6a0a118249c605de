/**
 * Browser push end to end (SPEC §4 Push permission, §7 web-push calls) in Debian's
 * Chromium, with notification permission granted through the browser's own permission API.
 *
 * Honest about this machine: Chromium here has no network and no push service (its
 * `pushManager.subscribe` fails with "Registration failed"), so this device cannot subscribe.
 * The tab must then say push is allowed but not subscribed, and 'Send test notification' must
 * fall back to a local notification, which we read back from the service worker registration.
 * The real push path (VAPID, aes128gcm, 410) is covered by server/push/protocol.test.ts.
 */
import { expect, pushMachinery, signIn, test } from './fixtures.ts'

test.describe('browser push', () => {
  test('permission granted: the settings tab shows push available, the service worker is registered at /, and the test falls back to a local notification', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL })
    const consoleErrors: string[] = []
    page.on('pageerror', (error) => consoleErrors.push(String(error)))
    await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fnotification-settings')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Push on this device' })).toBeVisible()

    // SPEC §7: the service worker at /sw.js with scope /.
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.ready
      return { scope: r.scope, script: r.active?.scriptURL ?? null }
    })
    expect(registration).toEqual({ scope: `${baseURL}/`, script: `${baseURL}/sw.js` })

    // Push is available (permission granted); the subscription either worked or, with no push service, failed and says so.
    const status = page.locator('[data-push-status]')
    await expect(status).toHaveAttribute('data-push-status', /^(subscribed|granted)$/, { timeout: 20_000 })
    const subscribed = (await status.getAttribute('data-push-status')) === 'subscribed'
    if (subscribed) {
      await expect(status).toHaveText('Push notifications are on for this device.')
    } else {
      await expect(status).toContainText('Notifications are allowed, but this device could not subscribe to push')
      await expect(page.getByText('No device receives push notifications for you in this workspace yet.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible()
    }

    await page.getByRole('button', { name: 'Send test notification' }).click()
    if (subscribed) {
      await expect(page.getByText(/Test notification sent through the push service|this browser showed the test notification itself/)).toBeVisible()
    } else {
      // The server has no subscription for this device (404): the local fallback is shown.
      await expect(page.getByText('The push service could not deliver the test, so this browser showed the test notification itself.')).toBeVisible()
      // Shown by the service worker registration (asynchronously, after the text): wait until it is there.
      const shown = () =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration('/')
          const list = (await r?.getNotifications()) ?? []
          return list.map((n) => ({ title: n.title, body: n.body, url: (n.data as { url?: string } | null)?.url ?? null }))
        })
      await expect.poll(shown, { timeout: 10_000 }).toEqual([{ title: 'Test notification', body: 'Push notifications work on this device.', url: '/app/dashboard' }])
    }
    expect(consoleErrors).toEqual([])
  })

  test('a push delivered to the service worker reaches the open tab and joins the notifications list at the top', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL })
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    // Relative to the count at start: other specs add notifications for this user on the shared server.
    await expect(bell).toHaveText(/^\d+ unread$/)
    const unreadAtStart = Number(/\d+/.exec((await bell.textContent()) ?? '')?.[0])
    await page.evaluate(() => navigator.serviceWorker.ready)

    // The browser's push machinery (DevTools protocol), standing in for a push service this machine does not have.
    const { cdp, registrationId } = await pushMachinery(context, page, baseURL!)
    const payload = { id: 'e2e-push-1', title: 'Pushed while you were away', body: 'Delivered through the service worker', url: '/app/contacts', priority: 'normal', category: 'message', createdAt: Date.now() }
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(payload) })

    await expect(bell).toHaveText(`${unreadAtStart + 1} unread`)
    await bell.click()
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(panel.getByRole('listitem').first()).toContainText('Pushed while you were away')
    // The same push again (same id) is not added twice.
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseURL!, registrationId, data: JSON.stringify(payload) })
    await expect(panel.getByRole('listitem').filter({ hasText: 'Pushed while you were away' })).toHaveCount(1)
    await expect(bell).toHaveText(`${unreadAtStart + 1} unread`)
  })
})

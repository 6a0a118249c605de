/**
 * Faults (reliability suite): the server restarting mid-session, and the browser going
 * offline and online. This spec runs its own server (the built dist/ that the global setup made,
 * on its own DATA_DIR and a fixed free port) so it can stop and restart it without disturbing the
 * other specs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { execFile } from 'node:child_process'
import { expect, signIn, test } from './fixtures.ts'
import { freePort, startServer, stopServer } from './own-server.ts'

const run = promisify(execFile)

test.describe('faults', () => {
  test('the server restarting mid-session keeps the session and an unsaved form; saving works once it is back', async ({ page }) => {
    test.setTimeout(180_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-restart-'))
    const port = await freePort()
    let server = await startServer(port, dataDir)
    try {
      const base = `http://127.0.0.1:${port}`
      await page.goto(`${base}/signin`)
      await signIn(page, 'admin@acme.test')
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await page.goto(`${base}/app/setting/workspace-settings`)
      const name = page.getByRole('textbox', { name: 'Workspace name' })
      await expect(name).toHaveValue('Acme Support')

      await stopServer(server)
      // Typed while the server is down: nothing may clear it.
      await name.fill('Acme Support Desk')
      server = await startServer(port, dataDir)

      await expect(name).toHaveValue('Acme Support Desk')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByRole('status').filter({ hasText: 'Workspace renamed' })).toBeVisible()
      await expect(page.getByRole('button', { name: /^Workspace\b/ })).toHaveText('Acme Support Desk')
      // Still signed in after a reload: the session survived the restart.
      await page.reload()
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await expect(page).toHaveURL(/\/app\/setting\/workspace-settings$/)
    } finally {
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })

  test('offline then online: the notifications resync without duplicates', async ({ page, context }) => {
    test.setTimeout(120_000)
    // Its own server too: the notification it creates must not change the counts other specs expect.
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-offline-'))
    const port = await freePort()
    const server = await startServer(port, dataDir)
    try {
      const base = `http://127.0.0.1:${port}`
      await page.goto(`${base}/signin`)
      await signIn(page, 'agent@acme.test')
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await page.goto(`${base}/app/notifications`)
      // The notifications list's rows only: the page's breadcrumb is a list too, on screen before the rows.
      const items = page.getByRole('main').getByRole('list', { name: 'Notifications' }).getByRole('listitem')
      await expect(items.first()).toBeVisible()
      const before = await items.allInnerTexts()

      await context.setOffline(true)
      // A notification created while the browser is offline (the admin CLI, through the server).
      const title = `While you were away ${Date.now()}`
      await run('npm', ['run', '--silent', 'admin', '--', 'notify', '--email', 'agent@acme.test', '--org', 'Acme Support', '--title', title], {
        env: { ...process.env, DATA_DIR: dataDir },
        timeout: 60_000,
      })
      await context.setOffline(false)

      // Going online re-fetches page 1 (SPEC §4): the new one shows once, the others once each.
      await expect(items.filter({ hasText: title })).toHaveCount(1)
      const after = await items.allInnerTexts()
      expect(after.length).toBe(before.length + 1)
      expect(new Set(after).size).toBe(after.length)
    } finally {
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

/**
 * 'Load more' deep in an inbox of 100,000 notifications (issue: large workspaces): each page
 * continues from the last row's keyset cursor, so far down the list the pages still follow one
 * another with nothing skipped or repeated. The 100,000 rows (older than the demo ones, numbered
 * newest first: 'Bench notification 1', 2, …) are written into a fresh data directory by
 * bench/lib/seed-notifications.ts before a server of this spec's own starts on it.
 */
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Locator } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'
import { freePort, startServer, stopServer } from './own-server.ts'

const run = promisify(execFile)
const ROWS = 100_000
/** SPEC §9: 'Load more' brings 20 more. */
const PAGE = 20

/** The number in the title of the list's last loaded row, scrolled into view. */
async function lastBenchNumber(list: Locator): Promise<number> {
  const size = Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'))
  await list.evaluate((ul) => ul.parentElement!.scrollTo({ top: ul.scrollHeight }))
  const last = list.locator(`li[aria-posinset="${size}"]`)
  await expect(last).toBeVisible()
  const match = /Bench notification (\d+)/.exec((await last.textContent()) ?? '')
  if (match === null) throw new Error(`the last loaded row is not a seeded one: ${await last.textContent()}`)
  return Number(match[1])
}

test.describe('an inbox of 100,000', () => {
  test("'Load more' deep in the list: each page follows the one before, nothing skipped or repeated", async ({ page }) => {
    test.setTimeout(300_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-inbox-large-'))
    await run(process.execPath, ['--import', 'tsx', 'bench/lib/seed-notifications.ts', dataDir, String(ROWS)], { timeout: 180_000 })
    const port = await freePort()
    const server = await startServer(port, dataDir)
    try {
      await page.goto(`http://127.0.0.1:${port}/signin?main_app=true&app_path=%2Fapp%2Fnotifications`)
      await signIn(page, 'admin@acme.test')
      const main = page.getByRole('region', { name: 'Notifications' })
      const list = main.getByRole('list', { name: 'Notifications' })
      await expect(list.getByRole('listitem').first()).toBeVisible()
      const loadMore = async (times: number) => {
        for (let i = 0; i < times; i++) {
          const before = Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'))
          await main.getByRole('button', { name: 'Load more' }).click()
          await expect.poll(async () => Number(await list.getByRole('listitem').first().getAttribute('aria-setsize'))).toBeGreaterThanOrEqual(before + PAGE)
        }
      }
      // Past the demo notifications, into the seeded ones.
      await loadMore(10)
      const first = await lastBenchNumber(list)
      // Twenty pages further down: exactly twenty pages of the seeded rows later.
      await loadMore(20)
      expect(await lastBenchNumber(list)).toBe(first + 20 * PAGE)
    } finally {
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

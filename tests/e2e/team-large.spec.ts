/**
 * The Team Members page of a workspace of 10,000 members (issue: large workspaces): the list is
 * read a page at a time and searched on the server, rows are virtualised, and a member found by
 * search among the 10,000 gets their roles edited. The workspace is written into a fresh data
 * directory with SQL (`generate_series`, server/team/seed-members.ts) before a server of this
 * spec's own starts on it; Ada (admin@acme.test) is its Super Admin and lands in it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { prepareDatabase } from '../../server/admin/seed.ts'
import { openDatabase, rowsOf } from '../../server/db/client.ts'
import { addSuperAdmin, seedLargeWorkspace } from '../../server/team/seed-members.ts'
import { expect, signIn, test } from './fixtures.ts'
import { freePort, startServer, stopServer } from './own-server.ts'

const MEMBERS = 10_000

/** Migrates and seeds `dataDir`, then adds the large workspace, Ada's default. */
async function seedDataDir(dataDir: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl: undefined, dataDir })
  try {
    await prepareDatabase(handle)
    const orgId = await seedLargeWorkspace(handle.db, { name: 'Scale Co', count: MEMBERS, prefix: 'scale', domain: 'scale.test' })
    const [ada] = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from users where email = 'admin@acme.test'`))
    if (ada === undefined) throw new Error('the demo seed has no admin@acme.test')
    await addSuperAdmin(handle.db, orgId, ada.id)
    await handle.db.execute(sql`update users set default_org_id = ${orgId} where id = ${ada.id}`)
  } finally {
    await handle.close()
  }
}

test.describe('Team Members at 10,000 members', () => {
  test('searches a member among 10,000 on the server and edits their roles; the audit log finds the person by search', async ({ page }) => {
    test.setTimeout(240_000)
    const dataDir = mkdtempSync(join(tmpdir(), 'engage-e2e-team-large-'))
    await seedDataDir(dataDir)
    const port = await freePort()
    const server = await startServer(port, dataDir)
    try {
      const base = `http://127.0.0.1:${port}`
      const memberCalls: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/organizations/members') memberCalls.push(new URL(request.url()).search)
      })
      await page.goto(`${base}/signin`)
      await signIn(page, 'admin@acme.test')
      await expect(page.getByRole('button', { name: /^Workspace\b/ })).toHaveText('Scale Co', { timeout: 20_000 })
      await page.goto(`${base}/app/setting/team`)

      const table = page.getByRole('grid', { name: 'Team members' })
      await expect(table.getByRole('rowheader').first()).toBeVisible({ timeout: 20_000 })
      // A page of members, not 10,000 rows: the grid knows how many it holds, the DOM only those in view.
      expect(Number(await table.getAttribute('aria-rowcount'))).toBeLessThanOrEqual(51 + 1)
      expect(await table.getByRole('row').count()).toBeLessThan(40)

      // Scrolling to the end of the rendered rows reads the next page.
      await table.evaluate((el) => el.scrollTo(0, el.scrollHeight))
      await expect.poll(async () => Number(await table.getAttribute('aria-rowcount')), { timeout: 15_000 }).toBeGreaterThan(52)
      expect(memberCalls.some((q) => q.includes('cursor='))).toBe(true)

      // The search goes to the server: one member among 10,000, by their email.
      await page.getByRole('searchbox', { name: 'Search members' }).fill('member7777@scale')
      const row = table.getByRole('row').filter({ hasText: 'member7777@scale.test' })
      await expect(row).toBeVisible({ timeout: 15_000 })
      await expect(table.getByRole('rowheader')).toHaveCount(1)
      expect(memberCalls.some((q) => q.includes('q=member7777%40scale'))).toBe(true)
      const name = (await table.getByRole('rowheader').textContent())?.trim() ?? ''
      expect(name).toMatch(/^member 00777$/i)

      // Their roles: Team Member (seeded) → Team Member and Admin.
      await row.getByRole('button', { name: `Edit roles for ${name}` }).click()
      const dialog = page.getByRole('dialog', { name: `Edit roles for ${name}` })
      const admin = dialog.getByRole('checkbox', { name: /^Admin\b/ })
      await admin.locator('xpath=ancestor::label').click()
      await expect(admin).toBeChecked()
      await dialog.getByRole('button', { name: 'Save roles' }).click()
      await expect(page.getByRole('status').filter({ hasText: `Roles updated for ${name}` })).toBeVisible({ timeout: 15_000 })
      await expect(dialog).toHaveCount(0)
      await expect(row).toContainText('Admin')

      // The change is the server's: the same search after a reload shows it.
      await page.reload()
      await page.getByRole('searchbox', { name: 'Search members' }).fill('member7777@scale')
      await expect(page.getByRole('grid', { name: 'Team members' }).getByRole('row').filter({ hasText: 'member7777@scale.test' })).toContainText('Admin', {
        timeout: 15_000,
      })

      // The audit log's person filter searches the 10,001 members on the server: Ada, found by
      // her email, and her entries only, the role change just made among them.
      await page.goto(`${base}/app/setting/audit-log`)
      await page.getByRole('combobox', { name: 'Person' }).fill('admin@acme')
      await page.getByRole('option', { name: /admin@acme\.test/ }).click()
      const entries = page.getByRole('grid', { name: 'Audit log entries' })
      await expect(entries.getByRole('row').filter({ hasText: 'Roles assigned' }).filter({ hasText: 'member7777@scale.test' })).toBeVisible({ timeout: 15_000 })
      for (const who of await entries
        .getByRole('row')
        .filter({ has: page.getByRole('gridcell') })
        .allTextContents())
        expect(who).toContain('admin@acme.test')
      await page.goto(`${base}/app/setting/team`)
      await page.getByRole('searchbox', { name: 'Search members' }).fill('member7777@scale')

      // Narrow (768 px beside the sidebar, then a phone): two columns, every action on screen, no sideways scroll.
      for (const width of [768, 390]) {
        await page.setViewportSize({ width, height: 800 })
        const edit = page.getByRole('button', { name: `Edit roles for ${name}` })
        await expect(edit).toBeVisible()
        // The table takes its two-column layout once its ResizeObserver has seen the new width: wait for it.
        await expect
          .poll(
            async () => {
              const box = await edit.boundingBox()
              return box === null ? Number.POSITIVE_INFINITY : box.x + box.width
            },
            { message: `at ${width} px` },
          )
          .toBeLessThanOrEqual(width)
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `at ${width} px`).toBe(true)
      }
    } finally {
      await stopServer(server)
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

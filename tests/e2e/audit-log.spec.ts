/**
 * The audit log, end to end: what a workspace admin does shows up in Account & Billing ›
 * Audit log, filtered by action and by person (kept in the address), and exported as CSV; a
 * member without ORGANIZATIONS read neither sees the page in the menu nor opens it.
 *
 * The demo workspace is shared with the other specs (one server per run), so everything made
 * here carries a stamp, the invitee is a new account removed again, and the workspace's name is
 * put back.
 */
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const AUDIT_LOG = '/app/setting/audit-log'

/** The entries' table of the audit log page. */
const entries = (page: Page): Locator => page.getByRole('grid', { name: 'Audit log entries' })

/** The rows (not the header) of the entries' table holding every one of `texts`. */
function rowsWith(page: Page, ...texts: string[]): Locator {
  let rows = entries(page).getByRole('row')
  for (const text of texts) rows = rows.filter({ hasText: text })
  return rows
}

/** The labelled Select primitive's button (named by its value, then its label). */
const select = (page: Page, label: 'Person' | 'Action'): Locator => page.getByRole('button', { name: new RegExp(`${label}$`) })

/** Picks `option` in the labelled Select primitive. */
async function choose(page: Page, label: 'Person' | 'Action', option: string | RegExp): Promise<void> {
  await select(page, label).click()
  await page.getByRole('option', { name: option }).click()
}

/** Finds a person by typing in the person filter (searched on the server) and picks them. */
async function choosePerson(page: Page, search: string, option: RegExp): Promise<void> {
  await page.getByRole('combobox', { name: 'Person' }).fill(search)
  await page.getByRole('option', { name: option }).click()
}

/** Ticks a react-aria checkbox by its visible box (the native input is visually hidden inside its label). */
async function tick(page: Page, name: string | RegExp): Promise<void> {
  const box = page.getByRole('checkbox', { name })
  await box.locator('xpath=ancestor::label').click()
  await expect(box).toBeChecked()
}

async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
}

test.describe('audit log', () => {
  test('a member without ORGANIZATIONS read does not see the page in the menu and gets Unauthorized there', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveCount(0)
    await expect(nav.getByRole('button', { name: 'Account & Billing' })).toHaveCount(0)
    await page.goto(AUDIT_LOG)
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await expect(entries(page)).toHaveCount(0)
  })

  test('an admin’s sign-in, role, invitation, its revocation and rename are listed, filtered and exported', async ({ page }) => {
    test.setTimeout(120_000)
    const stamp = Date.now().toString(36)
    const role = `Audit Role ${stamp}`
    const invitee = { name: `Audit Invitee ${stamp}`, email: `audit.${stamp}@example.test` }
    const workspace = `Acme Support ${stamp}`

    await signInAsAdmin(page)

    // A custom role, created then changed.
    await page.goto('/app/setting/roles/create-role')
    await page.getByLabel('Name').fill(role)
    await page.getByLabel('Description').fill('Made by the audit log spec')
    await tick(page, 'View Billing')
    await page.getByRole('button', { name: 'Create role' }).click()
    await expect(page.getByText('Role created')).toBeVisible()
    await page.getByRole('link', { name: role }).click()
    await page.getByLabel('Description').fill('Changed by the audit log spec')
    await page.getByRole('button', { name: 'Save role' }).click()
    await expect(page.getByText('Role saved')).toBeVisible()

    // A new person invited, then the invitation revoked (they are a pending invitation, not a member).
    await page.goto('/app/setting/team/invite')
    await page.getByLabel('Email').fill(invitee.email)
    await page.getByLabel('Name (optional)').fill(invitee.name)
    await tick(page, /^Team Member/)
    await page.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/team')
    await page.getByRole('button', { name: `Revoke invitation to ${invitee.name}` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke invitation' }).click()
    await expect(page.getByText(`Invitation to ${invitee.name} revoked`)).toBeVisible()

    // The workspace renamed, and its name put back for the other specs.
    await page.goto('/app/setting/workspace-settings')
    const name = page.getByRole('textbox', { name: 'Workspace name' })
    for (const next of [workspace, 'Acme Support']) {
      await name.fill(next)
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled()
      await expect(name).toHaveValue(next)
    }

    // Every one of them in the log, newest first.
    await page.goto(AUDIT_LOG)
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible()
    await expect(rowsWith(page, 'Signed in', 'admin@acme.test').first()).toBeVisible()
    await expect(rowsWith(page, 'Permission set created', role)).toHaveCount(1)
    await expect(rowsWith(page, 'Permission set created', role)).toContainText('Grants View Billing')
    await expect(rowsWith(page, 'Permission set changed', role)).toHaveCount(1)
    await expect(rowsWith(page, 'Permission set changed', role)).toContainText('Description changed')
    await expect(rowsWith(page, 'Member invited', invitee.email)).toHaveCount(1)
    await expect(rowsWith(page, 'Member invited', invitee.email)).toContainText('Roles: Team Member')
    await expect(rowsWith(page, 'Invitation revoked', invitee.email)).toHaveCount(1)
    await expect(rowsWith(page, 'Workspace renamed', workspace).first()).toBeVisible()
    const rows = entries(page).getByRole('row')
    const texts = await rows.allTextContents()
    const at = (needle: string) => texts.findIndex((t) => t.includes(needle))
    expect(at(`Invitation revoked`)).toBeLessThan(at(`Member invited`))
    expect(at('Permission set changed')).toBeLessThan(at('Permission set created'))

    // Filtered by action: only that kind, and the address says so (a reload keeps it).
    await choose(page, 'Action', 'Member invited')
    await expect(page).toHaveURL((url) => url.searchParams.get('kind') === 'member.invited')
    await expect(rowsWith(page, 'Member invited', invitee.email)).toHaveCount(1)
    await expect(rowsWith(page, 'Permission set created')).toHaveCount(0)
    await page.reload()
    await expect(select(page, 'Action')).toContainText('Member invited')
    await expect(rowsWith(page, 'Member invited', invitee.email)).toHaveCount(1)
    await expect(rowsWith(page, 'Signed in')).toHaveCount(0)

    // Filtered by person as well: Sam never invited anyone.
    await choosePerson(page, 'agent@', /agent@acme\.test/)
    await expect(page).toHaveURL((url) => url.searchParams.get('actor') !== null && url.searchParams.get('kind') === 'member.invited')
    await expect(page.getByRole('heading', { name: 'No audit entries match these filters' })).toBeVisible()
    // Back in history: the previous filters again, then none.
    await page.goBack()
    await expect(page).toHaveURL((url) => url.searchParams.get('actor') === null && url.searchParams.get('kind') === 'member.invited')
    await expect(rowsWith(page, 'Member invited', invitee.email)).toHaveCount(1)
    await page.goBack()
    await expect(page).toHaveURL((url) => url.pathname === AUDIT_LOG && url.search === '')
    await expect(select(page, 'Action')).toContainText('All actions')
    await expect(rowsWith(page, 'Permission set created', role)).toHaveCount(1)
    // Only the admin's entries, all actions.
    await choosePerson(page, 'admin@', /admin@acme\.test/)
    await expect(rowsWith(page, 'Permission set created', role)).toHaveCount(1)
    const who = await entries(page).getByRole('row').allTextContents()
    expect(who.slice(1).every((t) => t.includes('admin@acme.test'))).toBe(true)

    // The CSV of the current filters (the admin's entries), fetched with the session's headers.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()])
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile(await download.path())).toString('utf8')
    const [header, ...lines] = csv.replace(/^\uFEFF/, '').split('\n')
    expect(header).toBe('When (UTC),Who,Who (id),Action,Kind,Target,Target (id),Details,IP address')
    expect(lines.some((l) => l.includes('Permission set created') && l.includes(role))).toBe(true)
    expect(lines.filter((l) => l !== '').every((l) => l.includes('admin@acme.test'))).toBe(true)
    await expect(page.getByText('Audit log exported')).toBeVisible()
  })

  test('at 390 px the entries stack as cards and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInAsAdmin(page)
    await page.goto(AUDIT_LOG)
    await expect(rowsWith(page, 'Signed in').first()).toBeVisible()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
})

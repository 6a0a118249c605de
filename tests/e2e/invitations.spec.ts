/**
 * Invitations of existing accounts and role deletion, end to end:
 * - Ada Admin invites an existing account into Acme Support from Team Members › Invite member; it
 *   is listed under 'Pending invitations', she resends it (toast), and the invitee, signed in in a
 *   browser context of their own, accepts it from the workspace switcher: Acme Support joins their list.
 * - A second invitation is revoked from Team Members: the invitee no longer sees it.
 * - A custom role is created and deleted (confirmed); deleting the seeded 'Support Agent', held by
 *   Sam Agent, is refused with the server's 409 naming him.
 *
 * The invitees are fresh accounts (signed up, approved with the admin CLI, sign-up completed), so
 * the demo accounts other specs rely on keep exactly their seeded workspaces, and every test
 * stands on its own whatever ran before it.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, newPage, signIn, signUpFreshPerson, test } from './fixtures.ts'

/** A fresh person signed up in a context of their own, which is closed again. */
async function freshAccount(browser: Browser, first: string): Promise<{ email: string; name: string }> {
  const page = await newPage(browser)
  const { email, name } = await signUpFreshPerson(page, first, FRESH_PASSWORD)
  await page.context().close()
  return { email, name }
}

const FRESH_PASSWORD = 'a-long-enough-password'




/** Ada Admin signed in, on Acme Support's dashboard. */
async function signInAsAda(browser: Browser): Promise<Page> {
  const page = await newPage(browser)
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  return page
}

/** From Team Members › Invite member: invites `email` into the current workspace as a Team Member. */
async function invite(page: Page, email: string): Promise<void> {
  await page.goto('/app/setting/team')
  await page.getByRole('link', { name: 'Invite member' }).or(page.getByRole('button', { name: 'Invite member' })).click()
  await expect(page).toHaveURL((url) => url.pathname === '/app/setting/team/invite')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('checkbox', { name: /^Team Member/ }).locator('xpath=ancestor::label').click()
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByText('Invitation sent: they join once they accept')).toBeVisible()
  await expect(page).toHaveURL((url) => url.pathname === '/app/setting/team')
}

/** Team Members' 'Pending invitations' table (react-aria's Table is a grid). */
function pendingTable(page: Page) {
  return page.getByRole('grid', { name: 'Pending invitations' }).or(page.getByRole('table', { name: 'Pending invitations' }))
}

/**
 * The invitee, signed in in a context of their own, with the workspace switcher open once their
 * pending invitations have been fetched (so an absent invitation is really absent, not yet unloaded).
 */
async function openSwitcherAs(browser: Browser, email: string): Promise<Page> {
  const page = await newPage(browser)
  const invitationsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/users/invitations' && r.ok())
  await page.goto('/signin')
  await signIn(page, email, FRESH_PASSWORD)
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await page.getByRole('button', { name: /^Workspace\b/ }).click()
  await expect(page.getByRole('dialog', { name: 'Switch workspace' })).toBeVisible()
  await invitationsLoaded
  return page
}

test.describe('invitations of existing accounts', () => {
  test('Ada invites an existing account, resends it, and the invitee accepts it from the workspace switcher', async ({ browser }) => {
    test.setTimeout(120_000)
    const invitee = await freshAccount(browser, 'Ivy')
    const ada = await signInAsAda(browser)
    await invite(ada, invitee.email)

    const pending = pendingTable(ada)
    await expect(ada.getByRole('heading', { name: 'Pending invitations' })).toBeVisible()
    await expect(pending).toContainText(invitee.email)
    await ada.getByRole('button', { name: new RegExp(`^Resend invitation to (${invitee.name}|${invitee.email.replace(/\./g, '\\.')})$`) }).click()
    await expect(ada.getByText(/^Invitation sent again to /)).toBeVisible()

    const page = await openSwitcherAs(browser, invitee.email)
    const dialog = page.getByRole('dialog', { name: 'Switch workspace' })
    const invitations = dialog.getByRole('region', { name: 'Invitations' })
    await expect(invitations).toContainText('Acme Support — invited by Ada Admin')
    await invitations.getByRole('button', { name: 'Accept invitation to Acme Support' }).click()
    await expect(dialog.getByRole('option', { name: 'Acme Support' })).toBeVisible()
    await expect(dialog.getByRole('region', { name: 'Invitations' })).toHaveCount(0)

    // Ada's pending list no longer holds it: the invitee is a member now.
    await ada.reload()
    await expect(ada.getByRole('row').filter({ hasText: invitee.email })).toHaveCount(1)
    await expect(pendingTable(ada).filter({ hasText: invitee.email })).toHaveCount(0)
    await page.context().close()
    await ada.context().close()
  })

  test('a revoked invitation is gone from Team Members and from the invitee’s switcher', async ({ browser }) => {
    test.setTimeout(120_000)
    const invitee = await freshAccount(browser, 'Rex')
    const ada = await signInAsAda(browser)
    await invite(ada, invitee.email)

    const revoke = ada.getByRole('row').filter({ hasText: invitee.email }).getByRole('button', { name: /^Revoke invitation to / })
    await revoke.click()
    const confirm = ada.getByRole('alertdialog', { name: new RegExp(`^Revoke the invitation to `) })
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(ada.getByRole('row').filter({ hasText: invitee.email })).toHaveCount(0)

    const page = await openSwitcherAs(browser, invitee.email)
    const dialog = page.getByRole('dialog', { name: 'Switch workspace' })
    // The list is in: the invitee's own workspace shows, and no invitation to Acme Support.
    await expect(dialog.getByRole('option')).toHaveCount(1)
    await expect(dialog.getByText('Acme Support — invited by Ada Admin')).toHaveCount(0)
    await expect(dialog.getByRole('option', { name: 'Acme Support' })).toHaveCount(0)
    await page.context().close()
    await ada.context().close()
  })
})

test.describe('deleting roles', () => {
  test('a custom role is deleted after confirming; the seeded Support Agent, held by Sam Agent, is refused', async ({ browser }) => {
    const page = await signInAsAda(browser)
    const name = `Temp role ${Date.now().toString(36)}`
    await page.goto('/app/setting/roles/create-role')
    await page.getByLabel('Name').fill(name)
    await page.getByRole('checkbox', { name: 'View Billing' }).locator('xpath=ancestor::label').click()
    await page.getByRole('button', { name: 'Create role' }).click()
    await expect(page.getByText('Role created')).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/roles')

    await page.getByRole('button', { name: `Delete role ${name}` }).click()
    const confirm = page.getByRole('alertdialog', { name: `Delete the role "${name}"?` })
    await confirm.getByRole('button', { name: 'Delete role' }).click()
    await expect(page.getByText(`Role "${name}" deleted`)).toBeVisible()
    await expect(confirm).toHaveCount(0)
    await expect(page.getByRole('link', { name })).toHaveCount(0)

    await page.getByRole('button', { name: 'Delete role Support Agent' }).click()
    const refused = page.getByRole('alertdialog', { name: 'Delete the role "Support Agent"?' })
    await refused.getByRole('button', { name: 'Delete role' }).click()
    await expect(refused.getByRole('alert')).toContainText('Sam Agent')
    await expect(refused.getByRole('alert')).toContainText('remove it from them first')
    await refused.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('link', { name: 'Support Agent' })).toBeVisible()

    // The deletion is in the audit log, the refused attempt is not.
    await page.goto('/app/setting/audit-log?kind=permission_set.deleted')
    const deleted = page.getByRole('grid', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: 'Permission set deleted' })
    await expect(deleted.filter({ hasText: name })).toHaveCount(1)
    await expect(deleted.filter({ hasText: 'Support Agent' })).toHaveCount(0)
    await page.context().close()
  })
})

/**
 * Team Members lists every pending invitation in one 'Pending invitations' list: a new person
 * invited by link (not among the members, with 'Copy link' and when the link expires) beside an
 * existing account asked to join (no link, does not expire). Copying puts a working set-password
 * link on the clipboard; resending the account's invitation twice leaves the invitee one bell item.
 */
import type { Browser, Page } from '@playwright/test'
import { expect, newPage, signIn, signUpFreshPerson, test } from './fixtures.ts'

const FRESH_PASSWORD = 'a-long-enough-password'

/** From Team Members › Invite member: invites `email` into the current workspace as a Team Member. */
async function invite(page: Page, email: string): Promise<void> {
  await page.goto('/app/setting/team/invite')
  await page.getByLabel('Email').fill(email)
  await page.getByRole('checkbox', { name: /^Team Member/ }).locator('xpath=ancestor::label').click()
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page).toHaveURL((url) => url.pathname === '/app/setting/team')
}

/** A row of a react-aria grid by the text it holds. */
const rowWith = (grid: ReturnType<Page['getByRole']>, text: string) => grid.getByRole('row').filter({ hasText: text })

async function signedIn(browser: Browser, email: string, password?: string): Promise<Page> {
  const page = await newPage(browser)
  await page.goto('/signin')
  await signIn(page, email, password)
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  return page
}

test('new people and existing accounts wait in one list; a new person’s link is copied; a resend keeps one bell item', async ({ browser, baseURL }) => {
  test.setTimeout(150_000)
  const inviteePage = await newPage(browser)
  const invitee = await signUpFreshPerson(inviteePage, 'Olga', FRESH_PASSWORD)
  const stamp = Date.now().toString(36)
  const newcomer = `newcomer.${stamp}@fresh.test`

  const ada = await signedIn(browser, 'admin@acme.test')
  await ada.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await invite(ada, newcomer)
  await invite(ada, invitee.email)

  const members = ada.getByRole('grid', { name: 'Team members' })
  const pending = ada.getByRole('grid', { name: 'Pending invitations' })
  await expect(pending).toBeVisible()
  await expect(members).not.toContainText(newcomer)
  const newRow = rowWith(pending, newcomer)
  const accountRow = rowWith(pending, invitee.email)
  await expect(newRow).toContainText(/Link expires on /)
  await expect(accountRow).toContainText('Does not expire')
  await expect(accountRow.getByRole('button', { name: /^Copy link/ })).toHaveCount(0)
  await expect(accountRow.getByRole('button', { name: /^Resend invitation to / })).toBeVisible()
  await expect(newRow.getByRole('button', { name: /^Revoke invitation to / })).toBeVisible()

  // Copy link: a fresh set-password link on the clipboard.
  await newRow.getByRole('button', { name: /^Copy link for / }).click()
  await expect(ada.getByText(/^Invitation link for .* copied$/)).toBeVisible()
  const link = new URL(await ada.evaluate(() => navigator.clipboard.readText()))
  expect(link.pathname).toBe('/set-password')
  expect(link.searchParams.get('token')).toBeTruthy()

  // Resent twice: the invitee still has one item about it, unread.
  for (const _ of [1, 2]) {
    await accountRow.getByRole('button', { name: /^Resend invitation to / }).click()
    await expect(ada.getByText(/^Invitation sent again to /).first()).toBeVisible()
  }
  await inviteePage.goto('/app/notifications')
  await expect(inviteePage.getByText('Ada Admin invited you to Acme Support').first()).toBeVisible()
  await expect(inviteePage.getByText('Ada Admin invited you to Acme Support')).toHaveCount(1)

  // The copied link works: the newcomer sets a password and leaves the pending list.
  const newcomerPage = await newPage(browser)
  await newcomerPage.goto(`${link.pathname}${link.search}`)
  await newcomerPage.getByLabel('New password').fill(FRESH_PASSWORD)
  await newcomerPage.getByLabel('Confirm password').fill(FRESH_PASSWORD)
  await newcomerPage.getByRole('button', { name: 'Set password' }).click()
  await expect(newcomerPage.getByRole('heading', { name: 'Your password is set' })).toBeVisible()
  await ada.reload()
  await expect(ada.getByRole('grid', { name: 'Pending invitations' })).not.toContainText(newcomer)
  await expect(ada.getByRole('grid', { name: 'Team members' })).toContainText(newcomer)
})

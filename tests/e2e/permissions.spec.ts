import { expect, newPage, signIn, signUpFreshPerson, test } from './fixtures.ts'

const FRESH_PASSWORD = 'a-long-enough-password'

test.describe('permissions and the access gate', () => {
  test('the agent gets the Unauthorized page on /app/billing and can go back', async ({ page }) => {
    await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fbilling')
    await signIn(page, 'agent@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
    // The tab says so too (after the unread count, when there is one).
    await expect(page).toHaveTitle(/(^|\) )Unauthorized · Engage$/)
    await page.getByRole('link', { name: 'Go back' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  })

  test('the agent reaches the contact pages and their hidden routes, not the flow editor', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await page.goto('/app/contacts')
    await expect(page.getByRole('heading', { name: 'All Contacts (Agent)' })).toBeVisible()
    // A page not built yet offers no action at all (no dead 'Add contact').
    await expect(page.getByRole('main').getByRole('button')).toHaveCount(0)
    // Hidden routes follow the same rules: a contact timeline is allowed, the flow editor is not.
    await page.goto('/app/contacts/timeline/42')
    await expect(page.getByRole('heading', { name: 'Contact Timeline' })).toBeVisible()
    await page.goto('/app/flow-editor/new')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  })

  test('a member who may view the team but not invite sees Invite member disabled, with a denial tooltip (SPEC §5)', async ({ browser }) => {
    test.setTimeout(120_000)
    // A fresh account, so the demo accounts keep their seeded workspaces and sets.
    const freshPage = await newPage(browser)
    const invitee = await signUpFreshPerson(freshPage, 'Vera', FRESH_PASSWORD)
    await freshPage.context().close()

    // Ada makes a role that may view Team Members only, and invites the account with it.
    const ada = await newPage(browser)
    await ada.goto('/signin')
    await signIn(ada, 'admin@acme.test')
    await expect(ada).toHaveURL((url) => url.pathname === '/app/dashboard')
    const role = `Team viewer ${Date.now().toString(36)}`
    await ada.goto('/app/setting/roles/create-role')
    await ada.getByLabel('Name').fill(role)
    await ada.getByRole('checkbox', { name: 'View Team Members' }).locator('xpath=ancestor::label').click()
    await ada.getByRole('button', { name: 'Create role' }).click()
    await expect(ada.getByText('Role created')).toBeVisible()
    await ada.goto('/app/setting/team/invite')
    await ada.getByLabel('Email').fill(invitee.email)
    await ada
      .getByRole('checkbox', { name: new RegExp(`^${role}`) })
      .locator('xpath=ancestor::label')
      .click()
    await ada.getByRole('button', { name: 'Send invitation' }).click()
    await expect(ada.getByText('Invitation sent: they join once they accept')).toBeVisible()
    await ada.context().close()

    // The invitee accepts, switches to Acme Support and opens Team Members.
    const page = await newPage(browser)
    await page.goto('/signin')
    await signIn(page, invitee.email, FRESH_PASSWORD)
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await page.getByRole('button', { name: /^Workspace\b/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Switch workspace' })
    await dialog.getByRole('button', { name: 'Accept invitation to Acme Support' }).click()
    await dialog.getByRole('option', { name: 'Acme Support' }).click()
    await expect(page.getByRole('button', { name: /^Workspace\b/ })).toContainText('Acme Support')
    await page.goto('/app/setting/team')
    await expect(page.getByRole('heading', { name: 'Team Members', level: 1 })).toBeVisible()
    const invite = page.getByRole('button', { name: 'Invite member' })
    await expect(invite).toBeDisabled()
    // react-aria shows tooltips on hover once the pointer is the input modality (after a click).
    await page.getByRole('heading', { name: 'Team Members', level: 1 }).click()
    await invite.hover()
    await expect(page.getByRole('tooltip')).toHaveText('You need the Create permission on Team Members to do this.')
    await page.context().close()
  })

  test('the super-admin reaches every page, with enabled actions; unknown /app paths are Unauthorized', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    for (const [path, title] of [
      ['/app/billing', 'Billing'],
      ['/app/developers', 'Developers'],
      ['/app/reporting/dashboard/create', 'New Dashboard'],
      ['/app/calls/123', 'Call Details'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
    }
    // The super-admin's gated actions are enabled (the real ones: roles and team).
    await page.goto('/app/setting/roles')
    await expect(page.getByRole('button', { name: 'Create role' })).toBeEnabled()
    await page.goto('/app/setting/team')
    await expect(page.getByRole('button', { name: 'Invite member' })).toBeEnabled()
    await page.goto('/app/no-such-page')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  })
})

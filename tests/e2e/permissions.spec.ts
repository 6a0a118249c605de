import { expect, signIn, test } from './fixtures.ts'

test.describe('permissions and the access gate', () => {
  test('the agent gets the Unauthorized page on /app/billing and can go back', async ({ page }) => {
    await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fbilling')
    await signIn(page, 'agent@acme.test')
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
    await expect(page.getByText('You are not authorized to view this page.')).toBeVisible()
    await page.getByRole('link', { name: 'Go back' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
  })

  test('the agent sees contact pages with their create action disabled and a denial tooltip', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await page.goto('/app/contacts')
    await expect(page.getByRole('heading', { name: 'All Contacts (Agent)' })).toBeVisible()
    const add = page.getByRole('button', { name: 'Add contact' })
    await expect(add).toBeDisabled()
    // react-aria shows tooltips on hover once the pointer is the input modality (after a click).
    await page.getByRole('heading', { name: 'All Contacts (Agent)' }).click()
    await add.hover()
    await expect(page.getByRole('tooltip')).toHaveText('You need the Create permission on Contacts (basic) to do this.')
    // Hidden routes follow the same rules: a contact timeline is allowed, the flow editor is not.
    await page.goto('/app/contacts/timeline/42')
    await expect(page.getByRole('heading', { name: 'Contact Timeline' })).toBeVisible()
    await page.goto('/app/flow-editor/new')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
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
    await page.goto('/app/contacts')
    await expect(page.getByRole('button', { name: 'Add contact' })).toBeEnabled()
    await page.goto('/app/no-such-page')
    await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()
  })
})

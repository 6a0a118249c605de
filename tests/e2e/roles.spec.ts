import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/** Every entry of the sidebar as "Group / Entry" (or "Entry" for one-entry groups), opening each group. */
async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  const entries: string[] = []
  const groups = nav.getByRole('button')
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i)
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click()
  }
  // The text a screen reader names the link by: without aria-hidden marks such as 'Soon'.
  for (const link of await nav.getByRole('link').all()) {
    entries.push(
      await link.evaluate((el) => {
        const copy = el.cloneNode(true) as Element
        for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
        return copy.textContent?.trim() ?? ''
      }),
    )
  }
  return entries.filter((e) => e !== 'Log Out')
}

test.describe('roles and the menu each member sees', () => {
  test('the Support Agent sees only Overview, the contact entries and the agent entries', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'agent@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    expect(await menuEntries(page)).toEqual([
      'Overview',
      'All Contacts (Agent)',
      'Core Contacts',
      'Segments',
      'All Agents',
      'Voice Agents',
      'Voice Agents',
    ])
  })

  test('the super-admin sees every entry of SPEC §2.4', async ({ page }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()
    const entries = await menuEntries(page)
    for (const title of ['Overview', 'Core Contacts', 'Knowledge Base', 'Calls List', 'Analysis Settings', 'Data Model', 'Message Templates', 'Private Apps', 'Agent Test Manager', 'Reports', 'User Roles', 'Billing', 'Developers']) {
      expect(entries).toContain(title)
    }
    expect(entries).toHaveLength(31)
  })

  test('an admin creates "Billing Viewer", gives it to the agent, and the agent then reaches /app/billing', async ({ page, browser }) => {
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible()

    await page.goto('/app/setting/roles')
    await page.getByRole('button', { name: 'Create role' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/roles/create-role')
    // The list, with its own 'Create role' button, stays until the editor's chunk has loaded.
    await expect(page.getByRole('heading', { level: 1, name: 'Create role' })).toBeVisible()
    await expect(page.getByLabel('Name')).toBeEditable()
    // Bad input first: nothing is saved and the fields say why.
    await page.getByRole('button', { name: 'Create role' }).click()
    await expect(page.getByText('Name is required')).toBeVisible()

    await page.getByLabel('Name').fill('Billing Viewer')
    await page.getByLabel('Description').fill('Sees invoices and credits')
    // Click the visible box (react-aria keeps the native input visually hidden inside its label).
    await page.getByRole('checkbox', { name: 'View Billing' }).locator('xpath=ancestor::label').click()
    await expect(page.getByRole('checkbox', { name: 'View Billing' })).toBeChecked()
    await page.getByRole('button', { name: 'Create role' }).click()
    await expect(page.getByText('Role created')).toBeVisible()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/roles')
    await expect(page.getByRole('link', { name: 'Billing Viewer' })).toBeVisible()

    await page.goto('/app/setting/team')
    await page.getByRole('button', { name: 'Edit roles for Sam Agent' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByText('Billing Viewer', { exact: true }).click()
    await expect(dialog.getByRole('checkbox', { name: 'Billing Viewer' })).toBeChecked()
    await dialog.getByRole('button', { name: 'Save roles' }).click()
    await expect(page.getByRole('row', { name: /Sam Agent/ })).toContainText('Billing Viewer')
    // The assignment is in the audit log.
    await page.goto('/app/setting/audit-log?kind=member.roles_changed')
    await expect(page.getByRole('grid', { name: 'Audit log entries' }).getByRole('row').filter({ hasText: 'Roles assigned' }).filter({ hasText: 'agent@acme.test' }).first()).toBeVisible()

    // The agent, in a separate browser context, now reaches Billing.
    const agentContext = await browser.newContext({ baseURL: process.env.E2E_BASE_URL })
    const agent = await agentContext.newPage()
    await agent.goto('/signin?main_app=true&app_path=%2Fapp%2Fbilling')
    await signIn(agent, 'agent@acme.test')
    await expect(agent.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible()
    await expect(agent.getByRole('heading', { name: 'Unauthorized' })).toHaveCount(0)
    await agentContext.close()
  })
})

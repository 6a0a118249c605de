import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/** Signs in as Ada Admin (Acme Support, and a team member of Globex) and waits for the shell. */
async function signInAsAda(page: Page) {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await expect(page.getByRole('button', { name: /^Workspace\b/ })).toHaveText('Acme Support')
}

test.describe('workspace switcher (SPEC §2.6, §4, §5, §8)', () => {
  test('Ada searches "glo", picks Globex, lands on the dashboard in Globex; the dropdown forgets the search', async ({ page }) => {
    await signInAsAda(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('button', { name: 'Account & Billing' })).toBeVisible()
    const workspace = page.getByRole('button', { name: /^Workspace\b/ })
    await workspace.click()
    const dialog = page.getByRole('dialog', { name: 'Switch workspace' })
    await expect(dialog.getByRole('option', { name: 'Acme Support' })).toHaveAttribute('aria-selected', 'true')
    await dialog.getByRole('searchbox', { name: 'Search workspaces' }).fill('glo')
    await expect(dialog.getByRole('option')).toHaveText(['Globex'])
    await dialog.getByRole('option', { name: 'Globex' }).click()

    await expect(dialog).toHaveCount(0)
    await expect(workspace).toHaveText('Globex')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    // Ada is only a team member in Globex: Acme's super-admin entries went with Acme.
    await expect(nav.getByRole('link', { name: 'Overview' })).toBeVisible()
    await expect(nav.getByRole('button', { name: 'Account & Billing' })).toHaveCount(0)

    await workspace.click()
    await expect(dialog.getByRole('searchbox', { name: 'Search workspaces' })).toHaveValue('')
    await expect(dialog.getByRole('option', { name: 'Globex' })).toHaveAttribute('aria-selected', 'true')
    // Picking the current one only closes the dropdown.
    await dialog.getByRole('option', { name: 'Globex' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(workspace).toHaveText('Globex')
  })

  test('Ada creates "Hooli": a toast, she is switched to it, and it is in the list; then she renames it in Workspace Settings', async ({ page }) => {
    await signInAsAda(page)
    const workspace = page.getByRole('button', { name: /^Workspace\b/ })
    await workspace.click()
    const dialog = page.getByRole('dialog', { name: 'Switch workspace' })
    await dialog.getByRole('textbox', { name: 'Workspace name' }).fill('Hooli')
    await dialog.getByRole('button', { name: 'Create workspace' }).click()

    await expect(page.getByRole('status').filter({ hasText: 'New workspace created successfully' })).toBeVisible()
    await expect(dialog).toHaveCount(0)
    await expect(workspace).toHaveText('Hooli')
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')

    await workspace.click()
    await expect(dialog.getByRole('option', { name: 'Hooli' })).toHaveAttribute('aria-selected', 'true')
    await expect(dialog.getByRole('option')).toContainText(['Acme Support', 'Globex', 'Hooli'])
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)

    // Ada owns Hooli (super admin there): she may rename it; the header follows.
    await page.goto('/app/setting/workspace-settings')
    const name = page.getByRole('textbox', { name: 'Workspace name' })
    await expect(name).toHaveValue('Hooli')
    await name.fill('Hooli XYZ')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Workspace renamed' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Workspace\b/ })).toHaveText('Hooli XYZ')
    await page.getByRole('button', { name: /^Workspace\b/ }).click()
    await expect(dialog.getByRole('option', { name: 'Hooli XYZ' })).toHaveAttribute('aria-selected', 'true')
  })

  test('the workspace selection page lists Ada’s workspaces and picking Globex switches to it', async ({ page }) => {
    await signInAsAda(page)
    await page.goto('/app/workspace-selection')
    await expect(page.getByRole('heading', { name: 'Choose a workspace' })).toBeVisible()
    const list = page.getByRole('listbox', { name: 'Your workspaces' })
    await expect(list.getByRole('option', { name: /Acme Support/ })).toHaveAttribute('aria-selected', 'true')
    await list.getByRole('option', { name: 'Globex' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('button', { name: /^Workspace\b/ })).toHaveText('Globex')
  })
})

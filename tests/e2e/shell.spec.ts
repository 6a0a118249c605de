import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/** Signs in as the Acme super admin and waits for the Overview inside the shell. */
async function signInToShell(page: Page) {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

test.describe('app shell (SPEC §2.3, §2.6)', () => {
  test('Ctrl+B collapses the sidebar to icons, the cookie keeps it collapsed across a reload, and Ctrl+B in a text field does nothing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)
    const nav = page.getByRole('navigation', { name: 'Main' })
    const overview = nav.getByRole('link', { name: 'Overview' })
    await expect(overview).toHaveAttribute('aria-current', 'page')
    await expect(overview).toHaveText('Overview')
    await expect(nav.getByRole('button', { name: 'Contacts' })).toContainText('Contacts')

    await page.keyboard.press('Control+b')
    // Icons only: the entries keep their names but show no text, in a 3rem (48 px) column beside the content.
    await expect(overview).toHaveText('')
    await expect(nav.getByRole('button', { name: 'Contacts' })).toHaveText('')
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false')
    await expect.poll(async () => (await page.getByRole('banner').boundingBox())?.x).toBe(48)

    const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state')
    expect(cookie?.value).toBe('false')
    // SPEC §2.6: kept for 604800 s.
    expect(Math.abs(cookie!.expires - (Date.now() / 1000 + 604_800))).toBeLessThan(120)

    // The saved state is read before the first render: the expanded sidebar never appears.
    await page.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { sidebarStatesSeen: string[] }).sidebarStatesSeen = seen
      new MutationObserver(() => {
        const state = document.querySelector('[data-sidebar-state]')?.getAttribute('data-sidebar-state')
        if (state && seen.at(-1) !== state) seen.push(state)
      }).observe(document, { subtree: true, childList: true, attributes: true })
    })
    await page.reload()
    await expect(overview).toHaveText('')
    expect(await page.evaluate(() => (window as unknown as { sidebarStatesSeen: string[] }).sidebarStatesSeen)).toEqual(['collapsed'])

    // Each icon is named by a tooltip after the 700 ms delay (SPEC §9) once the pointer moves onto it.
    await page.mouse.move(600, 400)
    await overview.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Overview')

    // A collapsed group opens a popover listing its entries.
    await nav.getByRole('button', { name: 'Contacts' }).click()
    await page.getByRole('dialog', { name: 'Contacts' }).getByRole('link', { name: 'Segments' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/segments')
    await expect(page.getByRole('dialog', { name: 'Contacts' })).toHaveCount(0)
    await expect(overview).not.toHaveAttribute('aria-current', 'page')

    // While typing, Ctrl+B belongs to the text field (none of the shell's pages has one yet: add one).
    await page.evaluate(() => {
      const input = document.createElement('input')
      input.setAttribute('aria-label', 'Scratch field')
      document.querySelector('main')!.append(input)
    })
    await page.getByRole('textbox', { name: 'Scratch field' }).focus()
    await page.keyboard.press('Control+b')
    await expect(overview).toHaveText('')
    // Ctrl+Shift+B is not the shortcut either.
    await page.locator('body').click({ position: { x: 900, y: 500 } })
    await page.keyboard.press('Control+Shift+b')
    await expect(overview).toHaveText('')

    await page.keyboard.press('Control+b')
    await expect(overview).toHaveText('Overview')
    expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true')
  })

  test('at 600 px the sidebar is a drawer: Toggle sidebar opens it, following an entry or Escape closes it', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)
    await page.setViewportSize({ width: 600, height: 800 })
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' })
    // The drawer is closed: no menu on screen, and the compact header has no user menu.
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'User menu' })).toHaveCount(0)
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await toggle.click()
    const drawer = page.getByRole('dialog', { name: 'Sidebar' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page')
    await drawer.getByRole('button', { name: 'Contacts' }).click()
    await drawer.getByRole('link', { name: 'Core Contacts' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/core-contacts')
    await expect(drawer).toHaveCount(0)

    await toggle.click()
    await expect(drawer.getByRole('link', { name: 'Core Contacts' })).toHaveAttribute('aria-current', 'page')
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)

    // Back to a desktop width: the docked sidebar returns, still expanded.
    await page.setViewportSize({ width: 1280, height: 800 })
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' })).toHaveText('Overview')
    await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible()
  })

  test('the user menu offers Account, Settings, Documentation and Sign out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)
    await expect(page.getByRole('button', { name: /^Workspace\b/ })).toHaveText('Acme Support')
    await page.getByRole('button', { name: 'User menu' }).click()
    const menu = page.getByRole('menu', { name: 'User menu' })
    await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Settings', 'Documentation', 'Sign out'])
    await expect(menu.getByRole('menuitem', { name: 'Account' })).toHaveAttribute('href', '/app/account')
    await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/app/setting/profile-settings')
    const docs = menu.getByRole('menuitem', { name: 'Documentation' })
    await expect(docs).toHaveAttribute('target', '_blank')
    await expect(docs).toHaveAttribute('rel', /noopener/)
    await menu.getByRole('menuitem', { name: 'Sign out' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signin', { timeout: 10_000 })
  })
})

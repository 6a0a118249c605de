/**
 * Items 5, 7 and 8, "Sections not built yet" and the header at 390 px, end to end in
 * Chromium, each test one that would have caught its item:
 * - a section not built yet (/app/contacts) is an honest 'Coming soon' page with no button that does nothing;
 * - the sidebar marks the sections not built yet 'Soon';
 * - the collapsed rail names each group in a tooltip, on hover and on keyboard focus;
 * - arriving at a page of a group by URL, by a link elsewhere or by the back button opens that group;
 * - the header's credits read as what is left, the bar and its tooltip as what was used;
 * - at 390 px the header clips nothing (the notifications badge included) and nothing scrolls sideways.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

/** Signs in as the Acme super admin and waits for the Overview inside the shell. */
async function signInToShell(page: Page, email = 'admin@acme.test') {
  await page.goto('/signin')
  await signIn(page, email)
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('sections not built yet, the sidebar and the header', () => {
  test('/app/contacts is an honest Coming soon page: what will live there, no button that does nothing, links that work', async ({ page }) => {
    await signInToShell(page)
    await page.goto('/app/contacts')
    const main = page.getByRole('main')
    // SPEC §2.4 title and breadcrumb stay.
    await expect(main.getByRole('heading', { name: 'All Contacts (Agent)', level: 1 })).toBeVisible()
    await expect(main.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText('Contacts')
    // The tab title leads with the unread count once the notifications are in (attention.spec.ts).
    await expect(page).toHaveTitle(/^(\(\d+\+?\) )?All Contacts \(Agent\) · Engage$/)
    await expect(main.getByRole('heading', { name: 'Coming soon', level: 2 })).toBeVisible()
    await expect(main.getByText('Every contact your AI agents have talked to, with their latest conversation.')).toBeVisible()
    // No primary action that goes nowhere ('Add contact'), and no other button going nowhere either.
    await expect(page.getByRole('button', { name: 'Add contact' })).toHaveCount(0)
    await expect(main.getByRole('button')).toHaveCount(0)

    await main.getByRole('link', { name: 'Notification settings' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/notification-settings')
    await page.goBack()
    await main.getByRole('link', { name: 'Go to Overview' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
  })

  test('the Support Agent gets the same Coming soon page, with no disabled dead button either', async ({ page }) => {
    await signInToShell(page, 'agent@acme.test')
    await page.goto('/app/agent-internal')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { name: 'All Agents', level: 1 })).toBeVisible()
    await expect(main.getByRole('heading', { name: 'Coming soon', level: 2 })).toBeVisible()
    await expect(main.getByRole('button')).toHaveCount(0)
    await expect(main.getByRole('link', { name: 'Go to Overview' })).toBeVisible()
  })

  test('the sidebar marks the sections not built yet Soon, and only those', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)
    const nav = mainNav(page)
    for (const group of ['Contacts', 'AI Agents Studio', 'Calls', 'Reporting']) {
      const trigger = nav.getByRole('button', { name: group, exact: true })
      await expect(trigger).toContainText('Soon')
      // Out of the name (the spec's title), heard as the description.
      await expect(trigger).toHaveAccessibleDescription('Soon')
    }
    await expect(nav.getByRole('link', { name: 'Developers', exact: true })).not.toContainText('Soon')
    await expect(nav.getByRole('link', { name: 'Overview', exact: true })).not.toContainText('Soon')
    await expect(nav.getByRole('button', { name: 'Account & Billing', exact: true })).not.toContainText('Soon')
  })

  test('the collapsed rail names each item in a tooltip, on hover and on keyboard focus', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    const nav = mainNav(page)
    const contacts = nav.getByRole('button', { name: 'Contacts', exact: true })
    await expect(contacts).toHaveText('')

    // react-aria shows tooltips on hover once the pointer is the input modality.
    await page.mouse.move(600, 400)
    await contacts.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Contacts · Soon')
    const account = nav.getByRole('button', { name: 'Account & Billing', exact: true })
    await account.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Account & Billing')

    // Keyboard: focus shows the tooltip at once.
    await page.mouse.move(600, 400)
    await page.getByRole('main').click()
    await nav.getByRole('link', { name: 'Overview', exact: true }).focus()
    await page.keyboard.press('Tab')
    await expect(nav.getByRole('button', { name: 'Contacts', exact: true })).toBeFocused()
    await expect(page.getByRole('tooltip')).toHaveText('Contacts · Soon')
  })

  test('arriving at a page of a group by URL, by a link elsewhere or by the back button opens that group', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)
    const nav = mainNav(page)
    const account = nav.getByRole('button', { name: 'Account & Billing', exact: true })
    await expect(account).toHaveAttribute('aria-expanded', 'false')

    // A typed URL.
    await page.goto('/app/setting/team')
    await expect(account).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Team Members' })).toHaveAttribute('aria-current', 'page')

    // The member closes the group and leaves through the sidebar; the back button brings them back.
    await account.click()
    await expect(account).toHaveAttribute('aria-expanded', 'false')
    await nav.getByRole('link', { name: 'Overview', exact: true }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await page.goBack()
    await expect(page).toHaveURL((url) => url.pathname === '/app/setting/team')
    await expect(account).toHaveAttribute('aria-expanded', 'true')

    // A link outside the sidebar (the header's credits, to Billing) while the group is closed.
    await account.click()
    await expect(account).toHaveAttribute('aria-expanded', 'false')
    await page
      .getByRole('banner')
      .getByRole('link', { name: /credits left$/ })
      .click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/billing')
    await expect(account).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Billing' })).toHaveAttribute('aria-current', 'page')
  })

  test('the header credits read as what is left; the bar and its tooltip say what was used', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 })
    await signInToShell(page)
    const header = page.getByRole('banner')
    const credits = header.getByRole('link', { name: '7,500 credits left' })
    await expect(credits).toHaveText('7,500 credits left')
    await expect(header.getByText(/\d \/ \d/)).toHaveCount(0)
    const meter = header.getByRole('meter', { name: 'Credits used this month' })
    await expect(meter).toHaveAttribute('aria-valuenow', '25')
    await expect(meter).toHaveAttribute('aria-valuetext', 'Used 2,500 of 10,000 this month')
    await page.mouse.move(10, 600)
    await credits.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Used 2,500 of 10,000 this month')
  })

  test('at 390 px the header clips nothing, the notifications badge included, and no page scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await signInToShell(page)
    const header = page.getByRole('banner')
    // SPEC §2.6/§9: the compact header has no user menu.
    await expect(header.getByRole('button', { name: 'User menu' })).toHaveCount(0)
    const bell = header.getByRole('button', { name: /^Notifications/ })
    await expect(bell).toBeVisible()
    for (const path of ['/app/dashboard', '/app/contacts', '/app/setting/team']) {
      await page.goto(path)
      await expect(bell).toBeVisible()
      const fit = await page.evaluate(() => {
        const header = document.querySelector('header') as HTMLElement
        const rights = [...header.querySelectorAll('*')]
          .map((e) => e.getBoundingClientRect())
          .filter((r) => r.width > 1)
          .map((r) => r.right)
        return {
          innerWidth: window.innerWidth,
          scrollWidth: document.documentElement.scrollWidth,
          headerOverflow: header.scrollWidth - header.clientWidth,
          right: Math.max(...rights),
        }
      })
      expect(fit.scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(fit.innerWidth)
      expect(fit.headerOverflow, `${path}: the header overflows`).toBeLessThanOrEqual(0)
      expect(fit.right, `${path}: something in the header ends past the window`).toBeLessThanOrEqual(fit.innerWidth)
      await expectInside(bell, fit.innerWidth)
    }
  })
})

/** The bell and its badge ('99+') end inside the window. */
async function expectInside(bell: Locator, innerWidth: number) {
  const badgeRight = await bell.evaluate((el) =>
    Math.max(
      ...[el, ...el.querySelectorAll('*')]
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.width > 1)
        .map((r) => r.right),
    ),
  )
  expect(badgeRight).toBeLessThanOrEqual(innerWidth)
}

/**
 * The ways in, end to end in Chromium: the user menu's Documentation opens the external docs in a
 * new tab at their own address; the inbox (/app/notifications) is reached from the bell's panel
 * ('Open inbox', beside SPEC's 'View all notifications', which keeps going to the preferences),
 * from the Overview's notifications card and from the command palette; the palette leads with
 * built pages and actions, lists 'Soon' pages last and finds the account's sections and actions
 * by their words; /signin's 'Create an account' goes to /signup; the audit log's phone cards
 * leave out a field with no value instead of showing a dash.
 */
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

async function signInAdmin(page: Page, width = 1280): Promise<void> {
  await page.setViewportSize({ width, height: 900 })
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible()
}

const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const field = (page: Page) => palette(page).getByRole('combobox', { name: 'Search' })

/** The option the palette's field points at (aria-activedescendant): what Enter runs. */
async function highlighted(page: Page) {
  const id = await field(page).getAttribute('aria-activedescendant')
  expect(id, 'an option is highlighted').toBeTruthy()
  return page.locator(`[id="${id}"]`)
}

/** Opens the palette and types `query`; resolves once the list shows results for it. */
async function search(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+K')
  await expect(field(page)).toBeFocused()
  await field(page).fill(query)
  await expect(palette(page).getByRole('group', { name: 'Results' })).toBeVisible()
}

/** Closes the palette and waits until it has gone (it fades out; Ctrl+K meanwhile would close it again). */
async function close(page: Page): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(palette(page)).toHaveCount(0)
}

test.describe('ways in', () => {
  test('User menu › Documentation opens the external docs in a new tab at their own address', async ({ page, context }) => {
    // The machine has no internet: the docs site answers from here, at its real address.
    await context.route('https://docs.engage.dev/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Engage docs</title>' }))
    await signInAdmin(page)
    await page.getByRole('button', { name: 'User menu' }).click()
    const [docs] = await Promise.all([context.waitForEvent('page'), page.getByRole('menuitem', { name: 'Documentation' }).click()])
    await docs.waitForLoadState()
    expect(docs.url()).toBe('https://docs.engage.dev/')
    await expect(docs).toHaveTitle('Engage docs')
    // The app's own tab stays where it was.
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await docs.close()
  })

  test("the bell's panel, the Overview's card and the palette lead to the inbox; 'View all notifications' still goes to the preferences", async ({ page }) => {
    await signInAdmin(page)
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications\b/ })
    await bell.click()
    let panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(panel.getByRole('link', { name: 'View all notifications' })).toHaveAttribute('href', '/app/setting/profile-settings?tab=notification-settings')
    await panel.getByRole('link', { name: 'Open inbox' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/notifications')
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
    await expect(panel).toBeHidden()

    await page.getByRole('link', { name: 'Overview' }).first().click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    const card = page.getByRole('region', { name: 'Notifications', exact: true })
    await card.getByRole('link', { name: 'Open inbox' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/notifications')

    await page.getByRole('link', { name: 'Overview' }).first().click()
    await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
    await search(page, 'inbox')
    await expect(await highlighted(page)).toHaveAccessibleName('Notifications')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL((url) => url.pathname === '/app/notifications')
    panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(panel).toBeHidden()
  })

  test("the palette leads with built pages and actions, lists 'Soon' pages last, and finds the account's sections and actions", async ({ page }) => {
    await signInAdmin(page)
    await page.keyboard.press('Control+K')
    await expect(field(page)).toBeFocused()
    const options = palette(page).getByRole('option')
    await expect(options.first()).toBeVisible()
    // 'Soon' is each unbuilt page's badge (and its description), never part of a built one's text.
    const soon = await options.evaluateAll((els) => els.map((el) => /\bSoon\b/.test(el.textContent ?? '')))
    const firstSoon = soon.indexOf(true)
    expect(firstSoon, "some 'Soon' pages are offered").toBeGreaterThan(0)
    // The first ten are things that work; once 'Soon' starts, nothing built follows.
    expect(soon.slice(0, 10)).not.toContain(true)
    expect(soon.slice(firstSoon)).not.toContain(false)
    await close(page)

    // Each found by its own words, first.
    for (const name of ['Sign out', 'Language', 'Security', 'Two-factor authentication', 'Sessions', 'Passkeys', 'Password', 'Single sign-on', 'API keys', 'Webhooks']) {
      await search(page, name.toLowerCase())
      await expect(await highlighted(page), `"${name}" leads its results`).toHaveAccessibleName(name)
      await close(page)
    }
    // And by other words a person would use.
    for (const [query, name] of [
      ['2fa', 'Two-factor authentication'],
      ['log out', 'Sign out'],
      ['devices', 'Sessions'],
      ['german', 'Language'],
    ] as const) {
      await search(page, query)
      await expect(await highlighted(page), `"${query}" finds ${name}`).toHaveAccessibleName(name)
      await close(page)
    }
    // A 'Soon' page whose title matches no better still comes after a built one.
    await search(page, 'overview')
    await expect(await highlighted(page)).toHaveAccessibleName('Overview')
    await expect(await highlighted(page)).not.toHaveAccessibleDescription(/Soon/)
    await close(page)

    await search(page, 'two-factor')
    await expect(await highlighted(page)).toHaveAccessibleName('Two-factor authentication')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL((url) => url.pathname === '/app/account' && url.searchParams.get('tab') === 'security')
    await expect(page.getByRole('heading', { name: 'Two-factor authentication', level: 2 })).toBeInViewport()

    // Language leads to the field itself, on the Profile tab.
    await search(page, 'language')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL((url) => url.pathname === '/app/account' && url.hash === '#language-heading')
    await expect(page.getByRole('button', { name: /Language$/ })).toBeInViewport()
  })

  test("/signin's 'Create an account' goes to /signup", async ({ page }) => {
    await page.goto('/signin?app_path=%2Fapp%2Fbilling')
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 15_000 })
    await page.getByRole('link', { name: 'Create an account' }).click()
    await expect(page).toHaveURL((url) => url.pathname === '/signup' && url.searchParams.get('app_path') === '/app/billing')
    await expect(page.getByRole('form', { name: 'Create an account' })).toBeVisible()
    await expect(page).toHaveTitle('Create your account · Engage')
    await page.goBack()
    await expect(page).toHaveURL((url) => url.pathname === '/signin')
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible()
  })

  test('the audit log on a phone: a card leaves out a field with no value', async ({ page }) => {
    await signInAdmin(page, 390)
    await page.goto('/app/setting/audit-log')
    const entries = page.getByRole('grid', { name: 'Audit log entries' })
    await expect(entries.getByRole('row').nth(1)).toBeVisible()
    // A sign-in is recorded without details: at least one card has none to show.
    const cells = entries.getByRole('gridcell')
    // What a person sees: cells drawn on screen (a cell left out of its card stays, 1 px, for screen readers).
    const texts = await cells.evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().height > 1).map((el) => (el as HTMLElement).innerText.replace(/\s+/g, ' ').trim()))
    expect(texts.length).toBeGreaterThan(0)
    expect(texts.filter((t) => /^(Details|Target|IP address) —$/.test(t))).toEqual([])
    // Some card left its Details line out: fewer Details lines than cards.
    const cards = await entries.getByRole('rowheader').count()
    expect(texts.filter((t) => t.startsWith('Details ')).length).toBeLessThan(cards)
  })
})

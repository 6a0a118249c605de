import { expect, signIn, test } from './fixtures.ts'

test('the notifications page is virtualised: 120 loaded, only the rows in view are rendered, and scrolling reaches the last', async ({ page }) => {
  await page.goto('/signin?main_app=true&app_path=%2Fapp%2Fnotifications')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible()
  const main = page.getByRole('region', { name: 'Notifications' })
  const list = main.getByRole('list', { name: 'Notifications' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  // Load every page of 20 (SPEC §9): 120 notifications in Acme Support.
  for (let i = 0; i < 5; i++) {
    await main.getByRole('button', { name: 'Load more' }).click()
    await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(40 + i * 20))
  }
  const rendered = await list.getByRole('listitem').count()
  expect(rendered).toBeLessThan(60)
  await list.evaluate((ul) => ul.parentElement!.scrollTo({ top: ul.scrollHeight }))
  await expect(list.locator('li[aria-posinset="120"]')).toBeVisible()
})

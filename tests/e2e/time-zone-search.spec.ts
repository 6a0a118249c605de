/**
 * The quiet hours' time zone field finds a zone by city, country, common abbreviation and old
 * name, not only by its IANA id: "kolkata", "india", "calcutta", "cet", "pst" each offer the zone a
 * person means, and "pacific" leads with the Pacific time zones rather than the islands.
 */
import type { Page } from '@playwright/test'
import { expect, signUpFreshPerson, test } from './fixtures.ts'

/** The options offered for `text`, in order. */
async function offered(page: Page, text: string): Promise<string[]> {
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  await zone.fill(text)
  const options = page.getByRole('listbox').getByRole('option')
  await expect(options.first()).toBeVisible()
  return options.allTextContents()
}

test('time zones are found by city, country, abbreviation and old name', async ({ page }) => {
  test.setTimeout(90_000)
  await signUpFreshPerson(page, 'Zones', 'zones-password-17')
  await page.goto('/app/notification-settings')
  await page.getByRole('switch', { name: 'Quiet hours', exact: true }).locator('xpath=ancestor::label').click()
  const zone = page.getByRole('combobox', { name: 'Time zone' })
  await expect(zone).toBeEnabled()

  for (const text of ['kolkata', 'india', 'calcutta']) expect((await offered(page, text))[0], text).toMatch(/Asia\/Kolkata/)
  // Central European Time zones, by their abbreviation (the list is virtual: the rows in view).
  const cet = await offered(page, 'cet')
  expect(cet.length).toBeGreaterThan(2)
  for (const row of cet) expect(row).toMatch(/Central European Time · .* · CET/)
  expect((await offered(page, 'pst'))[0]).toMatch(/America\/Los Angeles/)
  expect((await offered(page, 'berl'))[0]).toMatch(/Europe\/Berlin/)
  const pacific = await offered(page, 'pacific')
  expect(pacific[0]).toMatch(/America\/Los Angeles/)
  expect(pacific[0]).toMatch(/Pacific Time/)

  // Picking one saves its IANA id.
  await zone.fill('india')
  await expect(page.getByRole('option').first()).toBeVisible()
  await zone.press('ArrowDown')
  await zone.press('Enter')
  await expect(zone).toHaveValue('Asia/Kolkata')
  await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible()
})

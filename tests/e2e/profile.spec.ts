import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

async function openProfile(page: Page) {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
  await page.goto('/app/setting/profile-settings')
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeVisible()
}

test.describe('profile settings', () => {
  test('the name is saved and kept; a bad photo URL is refused on its field', async ({ page }) => {
    await openProfile(page)
    const name = page.getByRole('textbox', { name: 'Full name' })
    const original = await name.inputValue()
    try {
      await name.fill('Ada Lovelace-Admin')
      await page.getByRole('textbox', { name: 'Photo URL' }).fill('javascript:alert(1)')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByText('Use an http(s) image URL')).toBeVisible()
      await page.getByRole('textbox', { name: 'Photo URL' }).fill('')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByText('Profile saved')).toBeVisible()
      await page.reload()
      await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue('Ada Lovelace-Admin')
    } finally {
      // Put the name back for the specs after this one; on a page without the form (the test failed
      // away from it) the restore is skipped, so the failure reported is the test's own.
      if (await name.isVisible()) {
        await name.fill(original)
        await page.getByRole('button', { name: 'Save changes' }).click()
        await expect(page.getByText('Profile saved').first()).toBeVisible()
      }
    }
  })

  test('an uploaded photo becomes the avatar once saved', async ({ page }) => {
    await openProfile(page)
    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Upload photo' }).click()
    await (await chooser).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    const photoUrl = page.getByRole('textbox', { name: 'Photo URL' })
    await expect(photoUrl).toHaveValue(/^https?:\/\//)
    // Read before saving: the form reloads the saved profile afterwards, and the field is briefly empty.
    const uploadedUrl = await photoUrl.inputValue()
    try {
      await page.getByRole('button', { name: 'Save changes' }).click()
      await expect(page.getByText('Profile saved')).toBeVisible()
      const avatar = page.getByRole('img', { name: 'Your photo' })
      await expect(avatar).toHaveAttribute('src', uploadedUrl)
      // The stored file is served back: the picture loads.
      await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1)
    } finally {
      await photoUrl.fill('')
      await page.getByRole('button', { name: 'Save changes' }).click()
    }
  })

  test('a wrong current password is said on its field and changes nothing', async ({ page }) => {
    await openProfile(page)
    await page.getByLabel('Current password').fill('not-the-password')
    await page.getByLabel('New password').fill('a-brand-new-password')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Your current password is incorrect').first()).toBeVisible()
  })

  test('the theme choice is applied at once and before the first render after a reload', async ({ page }) => {
    await openProfile(page)
    await page.getByText('Dark', { exact: true }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark')
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        ;(window as unknown as { schemeAtStart: string }).schemeAtStart = document.documentElement.style.colorScheme
      })
    })
    await page.reload()
    await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked()
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    // Applied before the first render: the document was dark when it finished parsing.
    expect(await page.evaluate(() => (window as unknown as { schemeAtStart: string }).schemeAtStart)).toBe('dark')
    await page.getByText('System', { exact: true }).click()
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system')
  })
})

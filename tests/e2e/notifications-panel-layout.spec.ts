import { expect, signIn, test } from './fixtures.ts'

test.describe('notifications panel layout (SPEC §9)', () => {
  test('the list scrolls within 24rem and each body is clamped to 2 lines', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/signin')
    await signIn(page, 'admin@acme.test')
    const bell = page.getByRole('banner').getByRole('button', { name: 'Notifications' })
    await expect(bell).toHaveText('99+ unread')
    await bell.click()
    const dialog = page.getByRole('dialog', { name: 'Notifications' })
    const items = dialog.getByRole('listitem')
    await expect(items.first()).toBeVisible()
    // The list's scroll container: 24rem at the root's 16 px, and 20 items overflow it.
    const scroller = await items.first().evaluate((item) => {
      let el: HTMLElement | null = item.parentElement
      while (el && getComputedStyle(el).overflowY !== 'auto') el = el.parentElement
      if (!el) return null
      const rootPx = parseFloat(getComputedStyle(document.documentElement).fontSize)
      return { maxHeight: parseFloat(getComputedStyle(el).maxHeight) / rootPx, height: el.clientHeight / rootPx, overflows: el.scrollHeight > el.clientHeight }
    })
    expect(scroller).toEqual({ maxHeight: 24, height: 24, overflows: true })
    const clamp = await items.first().locator('p').last().evaluate((p) => getComputedStyle(p).getPropertyValue('-webkit-line-clamp'))
    expect(clamp).toBe('2')
  })
})

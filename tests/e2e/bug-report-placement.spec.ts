/**
 * Where the bug-report button sits (SPEC §2.3 floating bug-report button, §2.6): it never covers
 * content or a call to action, and every overlay covers it.
 *
 * At 390 px each call to action and row action of a page is scrolled to the bottom edge of the
 * screen (where a floating corner button would sit over it) and must still be the topmost element
 * at every point of a grid over it; the mobile drawer's dimmed overlay is topmost over the button.
 * At 1440 px the button floats in the corner, and a page scrolled to its end has nothing under it.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures.ts'

const REPORT_A_BUG = { name: 'Report a bug' } as const

/**
 * The points of a 3 × 3 grid over `target` (2 px inside its edges) that something other than
 * the target itself is drawn over: the bug-report button's name when it is that button.
 */
async function coveredPoints(target: Locator): Promise<string[]> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const xs = [box.left + 2, box.left + box.width / 2, box.right - 2]
    const ys = [box.top + 2, box.top + box.height / 2, box.bottom - 2]
    const covered: string[] = []
    for (const x of xs) {
      for (const y of ys) {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue
        const top = document.elementFromPoint(x, y)
        const button = top?.closest('button[aria-label="Report a bug"]')
        if (button && !element.contains(button)) covered.push(`${Math.round(x)},${Math.round(y)}`)
      }
    }
    return covered
  })
}

/** Every visible link and button in the page's main landmark: its calls to action and row actions. */
async function actionsOf(page: Page): Promise<Locator[]> {
  const main = page.getByRole('main')
  const all = [...(await main.getByRole('button').all()), ...(await main.getByRole('link').all())]
  const visible: Locator[] = []
  for (const action of all) if (await action.isVisible()) visible.push(action)
  return visible
}

/** Scrolls each action to the bottom edge of the screen and lists those the bug-report button covers there. */
async function actionsCovered(page: Page, limit = 40): Promise<string[]> {
  await expect(page.getByRole('button', REPORT_A_BUG)).toHaveCount(1)
  const covered: string[] = []
  for (const action of (await actionsOf(page)).slice(0, limit)) {
    await action.evaluate((element) => element.scrollIntoView({ block: 'end', inline: 'nearest' }))
    const points = await coveredPoints(action)
    if (points.length > 0) covered.push(`${(await action.getAttribute('aria-label')) ?? (await action.innerText()).trim()} at ${points.join(' ')}`)
  }
  return covered
}

test.describe('the bug-report button covers nothing', () => {
  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } })

    test('the pricing and landing pages’ calls to action are never under it', async ({ page }) => {
      for (const path of ['/pricing', '/']) {
        await page.goto(path)
        expect(await actionsCovered(page), `covered on ${path}`).toEqual([])
      }
    })

    test('row actions of the app’s lists are never under it, and the drawer’s dimmed overlay covers it', async ({ page }) => {
      test.setTimeout(60_000)
      await page.goto('/signin')
      await signIn(page, 'admin@acme.test')
      await expect(page).toHaveURL((url) => url.pathname === '/app/dashboard')
      for (const path of ['/app/setting/roles', '/app/setting/team', '/app/notifications']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        expect(await actionsCovered(page, 24), `covered on ${path}`).toEqual([])
      }

      // With the button on screen, the open drawer's overlay is what a tap at the button reaches.
      const button = page.getByRole('button', REPORT_A_BUG)
      await button.scrollIntoViewIfNeeded()
      await page.getByRole('button', { name: 'Toggle sidebar' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      const topmost = await button.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return top === element || element.contains(top) ? 'the button' : 'something over it'
      })
      expect(topmost).toBe('something over it')
    })
  })

  test.describe('on a wide screen (1440 px)', () => {
    test.use({ viewport: { width: 1440, height: 900 } })

    test('it floats in the bottom-right corner, and a page scrolled to its end has nothing under it', async ({ page }) => {
      await page.goto('/pricing')
      const button = page.getByRole('button', REPORT_A_BUG)
      await expect(button).toBeVisible()
      const box = await button.boundingBox()
      expect(box && { right: 1440 - (box.x + box.width), bottom: 900 - (box.y + box.height) }).toEqual({ right: 24, bottom: 24 })
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
      for (const action of await page.getByRole('contentinfo').getByRole('link').all()) expect(await coveredPoints(action)).toEqual([])
    })
  })
})

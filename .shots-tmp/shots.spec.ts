import { test } from '@playwright/test'

const base = 'http://127.0.0.1:4610'
for (const locale of ['de', 'ar'] as const)
  for (const scheme of ['light', 'dark'] as const)
    for (const width of [390, 1440])
      test(`${locale} ${scheme} ${width}`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme })
        const page = await context.newPage()
        await page.goto(base + '/signin')
        await page.evaluate((l) => localStorage.setItem('language', l), locale)
        await page.getByLabel('Email').waitFor({ timeout: 15000 })
        await page.getByLabel('Email').fill('admin@acme.test')
        await page.getByLabel('Password').fill('demo-password')
        await page.getByRole('button', { name: 'Sign in' }).click()
        await page.waitForURL(/\/app\/dashboard/)
        await page.goto(base + '/app/account')
        await page.waitForTimeout(1500)
        await page.screenshot({ path: `.shots-tmp/account-${locale}-${scheme}-${width}.png` })
        if (width === 390) {
          await page.getByRole('button', { name: /Seitenleiste|الشريط/ }).first().click()
          await page.waitForTimeout(600)
          await page.screenshot({ path: `.shots-tmp/drawer-${locale}-${scheme}-${width}.png` })
        }
        await context.close()
      })

test('chevron zoom', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, deviceScaleFactor: 3 })
  const page = await context.newPage()
  await page.goto(base + '/signin')
  await page.evaluate(() => localStorage.setItem('language', 'ar'))
  await page.getByLabel('Email').waitFor({ timeout: 15000 })
  await page.getByLabel('Email').fill('admin@acme.test')
  await page.getByLabel('Password').fill('demo-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/app\/dashboard/)
  await page.reload()
  await page.waitForTimeout(1500)
  await page.screenshot({ path: '.shots-tmp/zoom-ar.png', clip: { x: 1180, y: 40, width: 260, height: 100 } })
  await page.screenshot({ path: '.shots-tmp/zoom-ar-header.png', clip: { x: 0, y: 0, width: 420, height: 55 } })
  await page.screenshot({ path: '.shots-tmp/zoom-ar-side.png', clip: { x: 1180, y: 0, width: 260, height: 140 } })
})

import { test } from '@playwright/test'
for (const id of ['shell-app-shell--sidebar-expanded-pseudo', 'shell-app-shell--mobile-drawer-open-arabic', 'account-language--save-failed'])
  test(id, async ({ page }) => {
    await page.setViewportSize({ width: id.includes('mobile') ? 390 : 1280, height: 800 })
    await page.goto(`http://127.0.0.1:6010/iframe.html?id=${id}&viewMode=story`)
    await page.waitForTimeout(2500)
    await page.screenshot({ path: `.shots-tmp/sb-${id}.png` })
  })

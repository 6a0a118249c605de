/**
 * Renders the installable app's icons (public/icons/, linked by public/manifest.webmanifest) from
 * the mark of public/favicon.svg, in Chromium (playwright-core, /usr/bin/chromium or CHROMIUM_PATH):
 *
 * - `icon-192.png`, `icon-512.png` (purpose `any`): the mark as the favicon draws it, rounded
 *   corners on a transparent ground;
 * - `icon-maskable-512.png` (purpose `maskable`): full-bleed brand colour, the lines inside the
 *   central 80% safe zone, so a launcher's circle or squircle never cuts them;
 * - `apple-touch-icon.png` (180 px): full-bleed, as iOS rounds it itself.
 *
 * Run `node --import tsx scripts/icons.ts` after changing the mark; the PNGs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'

const OUT = path.join(import.meta.dirname, '..', 'public', 'icons')
const BRAND = '#4f46e5'
const LINES = 'M9 10h14M9 16h10M9 22h14'

/** The mark in a 32-unit box: `rounded` draws the favicon's rounded square, else a full-bleed square with the lines scaled to `scale`. */
function svg(rounded: boolean, scale = 1): string {
  const lines = `<path d="${LINES}" stroke="#fff" stroke-width="3" stroke-linecap="round" transform="translate(16 16) scale(${scale}) translate(-16 -16)"/>`
  const ground = rounded ? `<rect width="32" height="32" rx="8" fill="${BRAND}"/>` : `<rect width="32" height="32" fill="${BRAND}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="100%" height="100%">${ground}${lines}</svg>`
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: svg(true) },
  { file: 'icon-512.png', size: 512, svg: svg(true) },
  // The maskable safe zone is a circle of 40% radius: the lines (14 of 32 units wide) scaled by 0.85 fit inside it.
  { file: 'icon-maskable-512.png', size: 512, svg: svg(false, 0.85) },
  { file: 'apple-touch-icon.png', size: 180, svg: svg(false, 0.9) },
]

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' })
try {
  mkdirSync(OUT, { recursive: true })
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
    await page.setContent(`<html><body style="margin:0;background:transparent">${icon.svg}</body></html>`)
    writeFileSync(path.join(OUT, icon.file), await page.screenshot({ omitBackground: true }))
    await page.close()
  }
} finally {
  await browser.close()
}
console.log(`wrote ${ICONS.map((i) => i.file).join(', ')} to public/icons/`)

/**
 * Accessibility: axe-core in Chromium on every page of SPEC §2.4's navigation and the
 * shell's overlays (sidebar drawer, notifications panel, workspace switcher, bug report), with no
 * serious or critical violation of WCAG 2 A/AA; and a keyboard-only walk through the sidebar,
 * the switcher and the notifications panel. axe-core is the maintained engine, injected as is.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { NAVIGATION } from '../../src/navigation/routes.ts'
import { expect, openInApp, signIn, test } from './fixtures.ts'

// Evaluated through the DevTools protocol, which the app's strict CSP (no inline scripts) does not
// govern; a <script> tag would rightly be refused.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: ReadonlyArray<{ readonly target: ReadonlyArray<string>; readonly html: string }>
}

/** Serious and critical WCAG 2 A/AA violations inside `selector` (the whole page by default). */
async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // Overlays fade in: contrast measured mid-animation is the animation's, not the design's.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity))
  const violations = await page.evaluate(
    async (context) =>
      (
        await (
          window as unknown as {
            axe: {
              run(c: unknown, o: unknown): Promise<{ violations: AxeViolation[] }>
            }
          }
        ).axe.run(
          // react-aria's live announcer speaks through transient role="img" nodes labelled by ids
          // that may already be gone: its own mechanism, not our markup.
          {
            include: [context ?? 'html'],
            exclude: [['[data-live-announcer]']],
          },
          {
            runOnly: {
              type: 'tag',
              values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'],
            },
          },
        )
      ).violations,
    selector,
  )
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => `${n.target.join(' ')} (${n.html.slice(0, 160)})`).join(', ')}`)
}

async function signInToShell(page: Page) {
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
}

const navigationPaths = NAVIGATION.flatMap((group) => group.entries.map((entry) => entry.pattern)).filter((p) => !p.includes('$'))

test.describe('accessibility (axe-core, WCAG 2 A/AA)', () => {
  test('the sign-in page has no serious or critical violations', async ({ page }) => {
    await page.goto('/signin')
    await expect(page.getByLabel('Email')).toBeVisible({ timeout: 15_000 })
    expect(await seriousViolations(page)).toEqual([])
  })

  test('the public pages (landing, pricing) and /signup have no serious or critical violations, light and dark', async ({ page }) => {
    const found: Record<string, string[]> = {}
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      for (const path of ['/', '/pricing', '/terms-of-service']) {
        await page.goto(path)
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        const violations = await seriousViolations(page)
        if (violations.length > 0) found[`${path} (${colorScheme})`] = violations
      }
      await page.goto('/signup')
      await expect(page.getByLabel('Full name')).toBeVisible({ timeout: 15_000 })
      const violations = await seriousViolations(page)
      if (violations.length > 0) found[`/signup (${colorScheme})`] = violations
    }
    expect(found).toEqual({})
  })

  test('every page of the navigation (SPEC §2.4) has no serious or critical violations', async ({ page }) => {
    test.setTimeout(240_000)
    await signInToShell(page)
    const found: Record<string, string[]> = {}
    for (const path of navigationPaths) {
      await openInApp(page, path)
      // Every entry is an app page inside the shell (/app/integrations too: only /app/integrations/… is public).
      await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible()
      await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
      const violations = await seriousViolations(page)
      if (violations.length > 0) found[path] = violations
    }
    expect(found).toEqual({})
  })

  test('the overlays have no serious or critical violations: notifications panel, workspace switcher, bug report, sidebar drawer', async ({ page }) => {
    await signInToShell(page)
    await page.getByRole('button', { name: 'Notifications' }).click()
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible()
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /^Workspace\b/ }).click()
    await expect(page.getByRole('dialog').or(page.getByRole('listbox')).first()).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: 'Report a bug' }).click()
    await expect(page.getByRole('dialog', { name: 'Report a bug' })).toBeVisible()
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([])
    await page.keyboard.press('Escape')

    // Under 768 px the sidebar is a drawer.
    await page.setViewportSize({ width: 600, height: 800 })
    await page.getByRole('button', { name: 'Toggle sidebar' }).click()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })

  test('keyboard only: the switcher and the notifications panel open with Enter, close with Escape, and focus returns; the sidebar is reachable by Tab', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await signInToShell(page)

    const switcher = page.getByRole('button', { name: /^Workspace\b/ })
    await switcher.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('dialog').or(page.getByRole('listbox')).first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(switcher).toBeFocused()

    const bell = page.getByRole('button', { name: 'Notifications' })
    await bell.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('dialog', { name: 'Notifications' })
    await expect(panel).toBeVisible()
    // Focus moves into the panel, and Tab stays inside it until Escape.
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Tab')
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    await page.keyboard.press('Escape')
    await expect(bell).toBeFocused()

    // From the top of the page, Tab reaches the sidebar's Overview link, and Enter follows it.
    await page.goto('/app/billing')
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible()
    const overview = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' })
    let reached = false
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await overview.evaluate((el) => el === document.activeElement)
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/app\/dashboard$/)
  })
})

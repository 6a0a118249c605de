/**
 * No page scrolls sideways on a phone. Every /app route of the route table
 * (SPEC §2.4 menu and §2.5 hidden routes; a trailing `*` gets a sample suffix) is opened at 390 px
 * as the demo Super Admin, and `document.documentElement.scrollWidth` must not exceed the
 * viewport's width (each page opened inside the app, as a link would). The public pages are covered by public-pages.spec.ts.
 */
import { APP_ROUTES } from '../../src/navigation/routes.ts'
import { expect, openInApp, signIn, test } from './fixtures.ts'

/** A concrete path for a route pattern: `/app/calls/*` becomes `/app/calls/demo`. */
function samplePath(pattern: string): string {
  return pattern.endsWith('*') ? `${pattern.slice(0, -1)}demo` : pattern
}

/** Flow steps rather than pages: signing out, and the stops a signed-up person passes once. */
const FLOWS = new Set(['/app/signout', '/app/waitlist', '/app/sign-up-info', '/app/auth-callback/*'])

/** Each page once, with its title (two routes of one section may share one). */
const PAGES = [...new Map(APP_ROUTES.filter((r) => !FLOWS.has(r.pattern)).map((r) => [samplePath(r.pattern), r.title])).entries()]

test.use({ viewport: { width: 390, height: 844 } })

test('Scenario: at 390 px no /app page is wider than the screen', async ({ page }) => {
  test.setTimeout(240_000)
  await page.goto('/signin')
  await signIn(page, 'admin@acme.test')
  await expect(page).toHaveURL(/\/app\/dashboard/)
  const wide: string[] = []
  let previousTitle = 'Overview'
  for (const [path, title] of PAGES) {
    await openInApp(page, path, { sameTitle: title === previousTitle })
    previousTitle = title
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // Skeletons and lazy chunks settle before measuring.
    await expect(page.getByRole('status', { name: /loading/i })).toHaveCount(0)
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }))
    if (scrollWidth > innerWidth) wide.push(`${path}: ${scrollWidth} px`)
  }
  expect(wide, 'pages wider than 390 px').toEqual([])
})

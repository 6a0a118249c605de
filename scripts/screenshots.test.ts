/** The pure parts of `npm run screenshots` (scripts/screenshots.ts): which pages, and the index page. */
import { describe, expect, it } from 'vitest'
import { APP_ROUTES, type RouteInfo } from '../src/navigation/routes.ts'
import {
  appTargets,
  buildIndexHtml,
  escapeHtml,
  filterTargets,
  overlayTargets,
  parseList,
  publicTargets,
  type Report,
  samplePath,
  SHOT_FILE,
  shotFile,
  slug,
} from './screenshots.ts'

describe('the pages to capture', () => {
  it('opens a trailing-star pattern at a sample suffix and an exact pattern as it is', () => {
    expect(samplePath('/app/calls/*')).toBe('/app/calls/demo')
    expect(samplePath('/app/setting/team')).toBe('/app/setting/team')
  })

  it('takes every route of the route table, once per path, in its order, never /app/signout', () => {
    const targets = appTargets()
    const paths = targets.map((t) => t.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths).not.toContain('/app/signout')
    expect(paths[0]).toBe('/app/dashboard')
    expect(paths).toContain('/app/setting/roles/create-role')
    expect(paths).toContain('/app/setting/roles/demo')
    expect(paths.some((p) => p.includes('*'))).toBe(false)
    const expected = new Set(APP_ROUTES.map((r) => samplePath(r.pattern)).filter((p) => p !== '/app/signout'))
    expect(new Set(paths)).toEqual(expected)
    expect(targets.every((t) => t.signedIn && !t.overlay)).toBe(true)
  })

  it('titles a route with its section, and keeps the first of two routes on the same path', () => {
    const routes: RouteInfo[] = [
      { pattern: '/app/a', title: 'A', requires: 'signedIn', section: 'Group' },
      { pattern: '/app/b/*', title: 'B', requires: 'signedIn' },
      { pattern: '/app/a', title: 'A again', requires: 'signedIn' },
    ]
    expect(appTargets(routes).map((t) => [t.path, t.title])).toEqual([
      ['/app/a', 'Group › A'],
      ['/app/b/demo', 'B'],
    ])
  })

  it('captures public pages signed out, a key under /app below itself, plus /signin and /signup', () => {
    const targets = publicTargets(['/', '/pricing', '/app/integrations', '/signin'])
    expect(targets.map((t) => t.path)).toEqual(['/', '/pricing', '/app/integrations/demo', '/signin', '/signup'])
    expect(targets.every((t) => !t.signedIn)).toBe(true)
  })

  it('opens every overlay on the Overview', () => {
    const overlays = overlayTargets()
    expect(overlays.map((o) => o.overlay)).toEqual(['notifications', 'user-menu', 'workspace-switcher', 'bug-report', 'sidebar', 'command-palette'])
    expect(overlays.every((o) => o.path === '/app/dashboard' && o.signedIn && o.key.startsWith('overlay:'))).toBe(true)
  })

  it('ONLY keeps the targets whose path or key contains it', () => {
    const targets = [...publicTargets(['/pricing']), ...appTargets(), ...overlayTargets()]
    expect(filterTargets(targets, undefined)).toHaveLength(targets.length)
    expect(filterTargets(targets, 'setting/roles').map((t) => t.path)).toEqual(['/app/setting/roles', '/app/setting/roles/create-role', '/app/setting/roles/demo'])
    expect(filterTargets(targets, 'overlay:bug').map((t) => t.key)).toEqual(['overlay:bug-report'])
  })

  it('WIDTHS and THEMES keep known values in the standard order, all when unset, and refuse nothing known', () => {
    expect(parseList(undefined, [390, 768, 1440])).toEqual([390, 768, 1440])
    expect(parseList('1440, 390', [390, 768, 1440])).toEqual([390, 1440])
    expect(parseList('dark', ['light', 'dark'])).toEqual(['dark'])
    expect(() => parseList('500', [390, 768, 1440])).toThrow(/none of/)
  })

  it('names files after the path, width and theme', () => {
    expect(slug('/')).toBe('home')
    expect(slug('/app/setting/team')).toBe('app_setting_team')
    expect(slug('overlay:user-menu')).toBe('overlay_user-menu')
    expect(shotFile('/app/calls/demo', 390, 'dark')).toBe('app_calls_demo--390-dark.png')
    expect(shotFile('overlay:sidebar', 1440, 'light')).toMatch(SHOT_FILE)
    expect('index.html').not.toMatch(SHOT_FILE)
  })
})

describe('index.html', () => {
  const report: Report = {
    baseUrl: 'http://127.0.0.1:1234',
    targets: [
      { key: '/app/x', path: '/app/x', title: 'Group › <b>X</b> & "Y"', signedIn: true },
      { key: '/app/gone', path: '/app/gone', title: 'Gone', signedIn: true },
      { key: 'overlay:bug-report', path: '/app/dashboard', title: 'Report a bug', signedIn: true, overlay: 'bug-report' },
      { key: 'overlay:command-palette', path: '/app/dashboard', title: 'Command palette', signedIn: true, overlay: 'command-palette' },
    ],
    variants: [
      { width: 390, theme: 'light' },
      { width: 1440, theme: 'light' },
    ],
    shots: [
      { key: '/app/x', width: 390, theme: 'light', file: 'app_x--390-light.png', documentTitle: "<script>alert('x')</script> · Engage", overflow: true, scrollWidth: 616, stillLoading: false },
      { key: '/app/x', width: 1440, theme: 'light', file: 'app_x--1440-light.png', documentTitle: 'X · Engage', overflow: false, scrollWidth: 1440, stillLoading: true },
      { key: 'overlay:bug-report', width: 1440, theme: 'light', file: 'overlay_bug-report--1440-light.png', documentTitle: '', overflow: false, scrollWidth: 1440, stillLoading: false },
    ],
    skips: [
      { key: '/app/gone', reason: 'Unauthorized for the demo admin (SPEC §2.2)' },
      { key: 'overlay:bug-report', width: 390, theme: 'light', reason: 'no such control here' },
      { key: 'overlay:command-palette', width: 390, theme: 'light', reason: 'no such control here' },
      { key: 'overlay:command-palette', width: 1440, theme: 'light', reason: 'no such control here' },
    ],
    elapsedMs: 61_000,
    takenAt: '2026-11-25T14:00:00.000Z',
  }

  it('escapes the five characters that could end text or an attribute', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;')
  })

  it('shows titles and tab titles as text, never as markup', () => {
    const html = buildIndexHtml(report)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>X</b>')
    expect(html).toContain('&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; · Engage')
    expect(html).toContain('Group › &lt;b&gt;X&lt;/b&gt; &amp; &quot;Y&quot;')
  })

  it('groups each page with its variants as thumbnails linking the full picture, flagging overflow', () => {
    const html = buildIndexHtml(report)
    expect(html).toContain('<a href="app_x--390-light.png"><img src="app_x--390-light.png"')
    expect(html).toContain('<a href="app_x--1440-light.png">')
    expect(html).toContain('<code>/app/x</code>')
    expect(html.match(/class="flag"[^>]*>overflow</g)).toHaveLength(2) // the shot and its page heading
    expect(html).toContain('still loading')
    expect(html).toContain('Pages with overflow (<code>scrollWidth &gt; innerWidth</code>): <a href="#p-app_x">/app/x</a>')
    expect(html).toContain('3 shots of 2 pages')
  })

  it('says why a variant or a page is missing', () => {
    const html = buildIndexHtml(report)
    expect(html).toContain('<div class="missing">no such control here</div>')
    expect(html).toContain('<code>/app/gone</code>: Unauthorized for the demo admin (SPEC §2.2)')
    expect(html).not.toContain('id="p-app_gone"')
    expect(html.match(/<code>overlay:command-palette<\/code>: no such control here/g)).toHaveLength(1)
  })
})

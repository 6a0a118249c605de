/**
 * The Team Members page (/app/setting/team) in Chromium for the bench's `scale` section, one fresh
 * context per load, no CPU throttling (the figures are compared between sizes, not with a budget
 * in absolute time):
 *
 * - first rows on screen: the first frame (requestAnimationFrame, so just before its paint) in
 *   which a seeded member's email (`scale-member-…`) is in the DOM and inside the viewport, ms
 *   since navigation start;
 * - JS heap: `JSHeapUsedSize` (Performance.getMetrics) after two `HeapProfiler.collectGarbage`,
 *   read once the rows are on screen; also the DOM node count;
 * - scrolling: mouse-wheel steps of {@link WHEEL_STEP_PX} over the list until the end (no scroll
 *   event for a few steps) or {@link MAX_WHEEL_STEPS} steps; the longest task ('longtask'
 *   entries) and the longest frame (rAF to rAF) while scrolling.
 *
 * Every step is capped ({@link TeamPageLimits}), so a page that hangs reports 'timed out' instead
 * of stalling the bench. In-page probes are plain DOM reads started from an init script, so no
 * Playwright locator engine runs on the page's thread inside a measured stretch.
 */
import type { Browser, CDPSession, Page } from 'playwright-core'
import { round, type StorageState } from './app.ts'
import { SCALE_MEMBER_EMAIL_PREFIX } from './scale-sizes.ts'

export const TEAM_PAGE_ROUTE = '/app/setting/team'
/** Pixels per wheel step, and the most steps (a fixed distance when the end is not reached first). */
export const WHEEL_STEP_PX = 1_000
export const MAX_WHEEL_STEPS = 60
/** Steps without a scroll event after which the list counts as scrolled to its end. */
const STILL_STEPS = 4

/** Time caps of one load, ms. */
export interface TeamPageLimits {
  /** From navigation to the first rows on screen. */
  readonly firstRowsMs: number
  /** The heap reading (garbage collection included). */
  readonly heapMs: number
  /** The whole scroll. */
  readonly scrollMs: number
}

/** One load of the page. A figure is null when its step timed out (listed in `timedOut`) or failed (`error`). */
export interface TeamPageLoad {
  readonly firstRowsMs: number | null
  readonly heapBytes: number | null
  readonly domNodes: number | null
  readonly scroll: {
    readonly wheelSteps: number
    readonly scrollEvents: number
    /** Scroll position reached and the scroller's greatest, px, of the element that scrolled most often (`scroller`, its tag and role). */
    readonly scrolledPx: number
    readonly scrollMaxPx: number
    readonly scroller: string
    /** How many elements scrolled. */
    readonly scrollers: number
    readonly reachedEnd: boolean
    readonly longTasks: number
    readonly longestTaskMs: number
    readonly longestFrameMs: number
    readonly wallMs: number
  } | null
  readonly timedOut: ReadonlyArray<'first rows' | 'heap' | 'scroll'>
  readonly error?: string
}

interface ScalePageState {
  firstRowsMs: number | null
  longTasks: Array<[number, number]>
  frames: { on: boolean; max: number; count: number; last: number }
  /** Of the element that scrolled most often (`scroller`: its tag and role); `scrollers`: how many elements scrolled. */
  scroll: { events: number; top: number; max: number; scroller?: string; scrollers?: number }
}
type WithScale = { __scale: ScalePageState }

/** Added to the page before its own scripts: see the module doc. A string, so tsx's helpers never reach the page. */
const PROBE_SCRIPT = `(() => {
  if (window.top !== window) return;
  const s = (window.__scale = { firstRowsMs: null, longTasks: [], frames: { on: false, max: 0, count: 0, last: 0 }, scroll: { events: 0, top: 0, max: 0, scroller: '', scrollers: 0 } });
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) s.longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });
  } catch (error) { console.warn('bench: cannot observe longtask', error); }
  const xpath = "//*[contains(text(), '${SCALE_MEMBER_EMAIL_PREFIX}')]";
  const onScreen = () => {
    const hit = document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue;
    if (!hit) return false;
    const r = hit.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight;
  };
  const watch = () => {
    if (document.body && onScreen()) s.firstRowsMs = performance.now();
    else requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const tick = (t) => {
    const f = s.frames;
    if (f.on) { f.max = Math.max(f.max, t - f.last); f.count++; }
    f.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const scrollers = new Map();
  addEventListener('scroll', (e) => {
    const el = e.target === document ? document.scrollingElement : e.target;
    s.scroll.events++;
    if (!el || !('scrollTop' in el)) return;
    const seen = scrollers.get(el) || { events: 0, top: 0, max: 0, name: el.tagName.toLowerCase() + (el.getAttribute('role') ? '[role=' + el.getAttribute('role') + ']' : '') };
    seen.events++; seen.top = el.scrollTop; seen.max = el.scrollHeight - el.clientHeight;
    scrollers.set(el, seen);
    const busiest = [...scrollers.values()].reduce((a, b) => (b.events > a.events ? b : a));
    s.scroll.top = busiest.top; s.scroll.max = busiest.max; s.scroll.scroller = busiest.name; s.scroll.scrollers = scrollers.size;
  }, { capture: true, passive: true });
})();`

class TimedOut extends Error {}

/** `promise`, or a {@link TimedOut} after `ms`. */
function capped<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TimedOut(`timed out after ${ms} ms`)), ms)
    }),
  ]).finally(() => clearTimeout(timer))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function heapAndNodes(cdp: CDPSession): Promise<{ heap: number; nodes: number }> {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { metrics } = await cdp.send('Performance.getMetrics')
  const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN
  return { heap: value('JSHeapUsedSize'), nodes: value('Nodes') }
}

async function scrollList(page: Page, capMs: number): Promise<NonNullable<TeamPageLoad['scroll']>> {
  const started = performance.now()
  const since = await page.evaluate(() => {
    const s = (window as unknown as WithScale).__scale
    s.frames.on = true
    s.frames.max = 0
    s.frames.count = 0
    return performance.now()
  })
  // Over the list: the middle of the content area, right of the sidebar.
  await page.mouse.move(800, 500)
  let steps = 0
  let lastEvents = 0
  let still = 0
  for (; steps < MAX_WHEEL_STEPS && performance.now() - started < capMs; steps++) {
    await capped(page.mouse.wheel(0, WHEEL_STEP_PX), Math.max(1, capMs - (performance.now() - started)))
    await sleep(50)
    const events = await capped(
      page.evaluate(() => (window as unknown as WithScale).__scale.scroll.events),
      Math.max(1, capMs - (performance.now() - started)),
    )
    still = events === lastEvents ? still + 1 : 0
    lastEvents = events
    if (still >= STILL_STEPS) break
  }
  await capped(
    page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))))),
    Math.max(1, capMs - (performance.now() - started)) + 2_000,
  )
  const s = await page.evaluate(() => {
    const scale = (window as unknown as WithScale).__scale
    scale.frames.on = false
    return scale
  })
  const tasks = s.longTasks.filter(([start]) => start >= since)
  return {
    wheelSteps: steps,
    scrollEvents: s.scroll.events,
    scrolledPx: round(s.scroll.top),
    scrollMaxPx: round(s.scroll.max),
    scroller: s.scroll.scroller ?? '',
    scrollers: s.scroll.scrollers ?? 0,
    reachedEnd: s.scroll.max > 0 ? s.scroll.top >= s.scroll.max - 2 : s.scroll.events === 0,
    longTasks: tasks.length,
    longestTaskMs: round(Math.max(0, ...tasks.map(([, d]) => d))),
    longestFrameMs: round(s.frames.max, 1),
    wallMs: round(performance.now() - started),
  }
}

/**
 * One load of the Team Members page at `baseUrl`, signed in with `session`, in a fresh context of
 * `browser`. Never throws: a failure is reported in the load's `error`, a step past its cap in
 * `timedOut`. The context is closed at the end (within 20 s; a renderer stuck in a task longer
 * than that is left to the browser's own close).
 */
export async function loadTeamPage(browser: Browser, baseUrl: string, session: StorageState, limits: TeamPageLimits): Promise<TeamPageLoad> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 }, storageState: session })
  const timedOut: Array<TeamPageLoad['timedOut'][number]> = []
  let firstRowsMs: number | null = null
  let heap: { heap: number; nodes: number } | null = null
  let scroll: TeamPageLoad['scroll'] = null
  let error: string | undefined
  try {
    const page = await context.newPage()
    await page.addInitScript(PROBE_SCRIPT)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    await cdp.send('HeapProfiler.enable')
    const navigated = performance.now()
    await page.goto(TEAM_PAGE_ROUTE, { waitUntil: 'commit' })
    try {
      for (;;) {
        const left = limits.firstRowsMs - (performance.now() - navigated)
        if (left <= 0) throw new TimedOut('first rows')
        const value = await capped(
          page.evaluate(() => (window as unknown as WithScale).__scale?.firstRowsMs ?? null),
          left,
        )
        if (value !== null) {
          firstRowsMs = round(value)
          break
        }
        await sleep(100)
      }
    } catch (e) {
      if (!(e instanceof TimedOut)) throw e
      timedOut.push('first rows')
    }
    if (new URL(page.url()).pathname !== TEAM_PAGE_ROUTE) throw new Error(`${TEAM_PAGE_ROUTE} went to ${page.url()}: the session was not restored`)
    if (firstRowsMs !== null) {
      await sleep(500)
      try {
        heap = await capped(heapAndNodes(cdp), limits.heapMs)
      } catch (e) {
        if (!(e instanceof TimedOut)) throw e
        timedOut.push('heap')
      }
      try {
        scroll = await scrollList(page, limits.scrollMs)
      } catch (e) {
        if (!(e instanceof TimedOut)) throw e
        timedOut.push('scroll')
      }
    }
  } catch (e) {
    error = (e as Error).message.split('\n')[0]
  } finally {
    await capped(context.close(), 20_000).catch(() => {})
  }
  return {
    firstRowsMs,
    heapBytes: heap === null ? null : heap.heap,
    domNodes: heap === null ? null : heap.nodes,
    scroll,
    timedOut,
    ...(error === undefined ? {} : { error }),
  }
}

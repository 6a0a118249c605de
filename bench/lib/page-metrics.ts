/**
 * In-page measurement for the browser sections. {@link METRICS_INIT_SCRIPT} is added to
 * every measured page before its own scripts run and keeps `window.__bench`:
 *
 * - `fcp`: first-contentful-paint (PerformanceObserver 'paint'), ms since navigation start;
 * - `lcp`: the latest 'largest-contentful-paint' entry's startTime (buffered), ms;
 * - `longTasks`: every 'longtask' entry as [startTime, duration] (ms);
 * - `events`: Event Timing entries ('event', durationThreshold 16 ms) as the INP measure uses them;
 * - `interactive`: when the page's READY element was first in the DOM and enabled (ms), watched by
 *   a MutationObserver, so it is the time of the DOM change, not of a later poll.
 *
 * The script is a string, not a function: Playwright would serialise a function's compiled text,
 * and tsx's helpers would not exist in the page.
 */

/** What "interactive" means per page: a CSS selector for an element that is in the DOM and not disabled. */
export const READY = {
  /**
   * /app/*: the header's notifications bell (a React Aria button named 'Notifications …' through
   * aria-labelledby, so found by its bell icon: CSS cannot match a computed name).
   */
  shell: { selector: 'header button:has(svg.lucide-bell)', definition: "the header's 'Notifications' bell button is in the DOM and enabled" },
  /** /signin: the sign-in form's submit button (the /signin floor app, bench/floor/signin, has the same). */
  signIn: { selector: 'form[aria-label="Sign in"] button[type="submit"]', definition: "the sign-in form's submit button ('Sign in') is in the DOM and enabled" },
  /** The /app/dashboard floor app (bench/floor/dashboard): its header's 'Notifications' button, the shell's READY element. */
  floorShell: { selector: 'header button[aria-label="Notifications"]', definition: "the floor header's 'Notifications' button is in the DOM and enabled" },
} as const

/** The READY element of `route` in the app (`floor: false`) or in its floor app. */
export function readyOf(route: string, floor = false): (typeof READY)[keyof typeof READY] {
  if (!route.startsWith('/app')) return READY.signIn
  return floor ? READY.floorShell : READY.shell
}

export interface PageMetrics {
  readonly fcp: number | null
  readonly lcp: number | null
  readonly interactive: number | null
  readonly longTasks: ReadonlyArray<readonly [number, number]>
  readonly events: ReadonlyArray<{ readonly name: string; readonly duration: number; readonly start: number; readonly interactionId: number }>
}

/** The init script; `readySelector` is the page's READY selector. */
export function metricsInitScript(readySelector: string): string {
  return `(() => {
  if (window.top !== window) return;
  const b = (window.__bench = { fcp: null, lcp: null, interactive: null, longTasks: [], events: [] });
  const observe = (type, onEntry, extra) => {
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) onEntry(e); }).observe(Object.assign({ type, buffered: true }, extra));
    } catch (error) { console.warn('bench: cannot observe ' + type, error); }
  };
  observe('paint', (e) => { if (e.name === 'first-contentful-paint') b.fcp = e.startTime; });
  observe('largest-contentful-paint', (e) => { b.lcp = e.startTime; });
  observe('longtask', (e) => { b.longTasks.push([e.startTime, e.duration]); });
  observe('event', (e) => { b.events.push({ name: e.name, duration: e.duration, start: e.startTime, interactionId: e.interactionId || 0 }); }, { durationThreshold: 16 });
  const selector = ${JSON.stringify(readySelector)};
  const check = () => {
    if (b.interactive !== null) return;
    const el = document.querySelector(selector);
    if (el && !el.disabled && el.getAttribute('aria-disabled') !== 'true') {
      b.interactive = performance.now();
      observer.disconnect();
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { subtree: true, childList: true, attributes: true });
})();`
}

/**
 * Total blocking time between `from` and `to` (ms): for each long task starting in that window,
 * the part of it over 50 ms.
 */
export function totalBlockingTime(longTasks: PageMetrics['longTasks'], from: number, to: number): number {
  return longTasks.filter(([start]) => start >= from && start < to).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
}

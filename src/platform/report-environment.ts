/**
 * What the browser adds to a bug report by itself (SPEC.md §2.6: device_info, browser_info and
 * website_url filled automatically) and where the hidden-forever flag is kept (§3 Stored values).
 *
 * Browser, OS and device type come from the push work's bowser-based helper
 * (src/platform/device-info.ts, SPEC §3's lists); screen, language and time zone are read here.
 */

/** localStorage key of the 'Hide Forever' flag; its value is the string 'true' (SPEC §3). */
export const BUG_REPORT_HIDDEN_KEY = 'bug_report_hidden'

/** Whether 'Hide Forever' was chosen in this browser. Unreadable storage counts as not hidden. */
export function readHiddenForever(storage: Pick<Storage, 'getItem'>): boolean {
  try {
    return storage.getItem(BUG_REPORT_HIDDEN_KEY) === 'true'
  } catch {
    return false
  }
}

/** Stores the flag; a storage that refuses (private mode, quota) only loses it for later visits. */
export function storeHiddenForever(storage: Pick<Storage, 'setItem'>): void {
  try {
    storage.setItem(BUG_REPORT_HIDDEN_KEY, 'true')
  } catch {
    // The button still goes away for this page's lifetime (the machine's state).
  }
}

/**
 * Forgets the flag (SPEC §2.5's /enable-bug-report): every bug-report actor started after this
 * shows the button. The route tree calls it in that page's loader, before the page's own actor
 * starts. A storage that refuses leaves the flag, and the button stays hidden.
 */
export function forgetHiddenForever(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(BUG_REPORT_HIDDEN_KEY)
  } catch {
    // A storage that refuses to change keeps the flag for later visits.
  }
}

/**
 * The automatic fields of a report, from `window`. Kept well under the contract's 4096-character
 * bound. Async: the user-agent parser loads with the first report, not with every page.
 */
export async function reportEnvironment(win: Window): Promise<{ device_info: Record<string, unknown>; browser_info: Record<string, unknown>; website_url: string }> {
  const { detectDeviceInfo } = await import('./device-info.ts')
  const nav = win.navigator
  const userAgent = nav.userAgent.slice(0, 512)
  const detected = detectDeviceInfo(userAgent, nav.maxTouchPoints ?? 0)
  const timeZone = (() => {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone
    } catch {
      return 'unknown'
    }
  })()
  return {
    device_info: {
      device_type: detected.device_type,
      os: detected.os,
      screen: `${win.screen?.width ?? 0}x${win.screen?.height ?? 0}`,
      viewport: `${win.innerWidth}x${win.innerHeight}`,
      pixel_ratio: win.devicePixelRatio,
      touch: (nav.maxTouchPoints ?? 0) > 0,
    },
    browser_info: {
      browser: detected.browser,
      user_agent: userAgent,
      language: nav.language,
      time_zone: timeZone,
      cookies_enabled: nav.cookieEnabled,
      online: nav.onLine,
    },
    // The page without its query and fragment: they can hold secrets (an invitation token).
    website_url: `${win.location.origin}${win.location.pathname}`.slice(0, 2048),
  }
}

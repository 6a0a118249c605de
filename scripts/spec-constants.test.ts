/**
 * SPEC.md §9 business constants and the verbatim strings of §2.6/§8, each checked against the
 * number or text the spec gives, so a changed constant or a reworded message fails here.
 * docs/spec-trace.md points at these tests for the rows whose constant has no scenario of its own.
 */
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  NOTIFICATIONS_CACHE_KEY,
  NOTIFICATIONS_CACHE_MAX_ITEMS,
  NOTIFICATIONS_CACHE_TTL_MS,
  NOTIFICATIONS_PAGE_SIZE,
  NOTIFICATIONS_POLL_INTERVAL_MS,
  NOTIFICATIONS_POLL_SIZE,
} from '../contract/notifications.ts'
import { SIGN_OUT_REDIRECT_MS } from '../machines/auth/auth.machine.ts'
import { QUERY_STALE_TIME_MS } from '../machines/cache-policy.ts'
import { FETCH_FAILED_MESSAGE } from '../machines/notifications/notifications.types.ts'
import { BADGE_MAX, badgeText } from '../machines/notifications/notifications.selectors.ts'
import { PREFERENCES_SAVED, PREFERENCES_SAVE_FAILED } from '../machines/preferences/preferences.machine.ts'
import {
  HEADER_COMPACT_BREAKPOINT_PX,
  MOBILE_BREAKPOINT_PX,
  RESIZE_DEBOUNCE_MS,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
} from '../machines/sidebar/sidebar.machine.ts'
import { TOAST_LIFETIME_MS } from '../machines/toasts/toasts.machine.ts'
import { DEFAULT_EXPIRES_IN_S, EXPIRY_SAFETY_MARGIN_S, LONG_LIFETIME_S, REFRESH_THRESHOLD_MS, effectiveExpiresIn } from '../machines/token/token.policy.ts'
import {
  WORKSPACES_CACHE_TIME_MS,
  WORKSPACES_EMPTY_MESSAGE,
  WORKSPACES_ERROR_MESSAGE,
  WORKSPACES_LOADING_MESSAGE,
  WORKSPACES_RETRIES,
  WORKSPACES_RETRY_BASE_MS,
  WORKSPACES_RETRY_CAP_MS,
  WORKSPACES_STALE_TIME_MS,
  WORKSPACE_CREATED_MESSAGE,
  WORKSPACE_CREATE_FAILED_MESSAGE,
} from '../machines/workspaces/workspaces.machine.ts'
import { LINK_PREFETCH_MARGIN_PX } from '../src/navigation/prefetch.ts'
import { TOOLTIP_CLOSE_DELAY_MS as GATED_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS as GATED_DELAY_MS } from '../src/ui/GatedButton.tsx'
import { SIDEBAR_COOKIE_MAX_AGE_S } from '../src/platform/sidebar-cookie.ts'
import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS } from '../src/ui/primitives/Tooltip/Tooltip.tsx'
import { VIEW_ALL_HREF } from '../src/ui/shell/NotificationsPanel.tsx'

const specPath = join(import.meta.dirname, '..', '..', 'shared', 'SPEC.md')
const spec = existsSync(specPath) ? readFileSync(specPath, 'utf8') : null
/** Messages read in English (a constant may be a message to translate). */
const english = createTranslator(ENGLISH)

describe('SPEC §9 business constants', () => {
  it('notifications: page 20, polls of 10 every 30 s, cache notifications_cache of at most 50 for 300000 ms', () => {
    expect(NOTIFICATIONS_PAGE_SIZE).toBe(20)
    expect(NOTIFICATIONS_POLL_SIZE).toBe(10)
    expect(NOTIFICATIONS_POLL_INTERVAL_MS).toBe(30_000)
    expect(NOTIFICATIONS_CACHE_KEY).toBe('notifications_cache')
    expect(NOTIFICATIONS_CACHE_MAX_ITEMS).toBe(50)
    expect(NOTIFICATIONS_CACHE_TTL_MS).toBe(300_000)
  })

  it('tokens: refresh 10 s before expiry; expires_in 300 s by default, minus 30 s above 180 s', () => {
    expect(REFRESH_THRESHOLD_MS).toBe(10_000)
    expect(DEFAULT_EXPIRES_IN_S).toBe(300)
    expect(LONG_LIFETIME_S).toBe(180)
    expect(EXPIRY_SAFETY_MARGIN_S).toBe(30)
    // Read as: the default replaces a missing value as it is (the subtraction applies to what the server sent).
    expect(effectiveExpiresIn(undefined)).toBe(300)
    expect(effectiveExpiresIn(-5)).toBe(300)
    expect(effectiveExpiresIn(181)).toBe(151)
    expect(effectiveExpiresIn(180)).toBe(180)
  })

  it('workspaces: fresh 5 min, cached 10 min, 3 retries from 1 s capped at 30 s; general stale time 300000 ms', () => {
    expect(WORKSPACES_STALE_TIME_MS).toBe(300_000)
    expect(WORKSPACES_CACHE_TIME_MS).toBe(600_000)
    expect(WORKSPACES_RETRIES).toBe(3)
    expect(WORKSPACES_RETRY_BASE_MS).toBe(1000)
    expect(WORKSPACES_RETRY_CAP_MS).toBe(30_000)
    expect(QUERY_STALE_TIME_MS).toBe(300_000)
  })

  it('toast lifetime 5000 ms; logout redirect delay 1000 ms', () => {
    expect(TOAST_LIFETIME_MS).toBe(5000)
    expect(SIGN_OUT_REDIRECT_MS).toBe(1000)
  })

  it('sidebar: 16rem, 3rem icons, 18rem drawer; breakpoints 768 px and 1024 px; resize debounce 200 ms; cookie 604800 s', () => {
    expect(SIDEBAR_WIDTH).toBe('16rem')
    expect(SIDEBAR_WIDTH_ICON).toBe('3rem')
    expect(SIDEBAR_WIDTH_MOBILE).toBe('18rem')
    expect(MOBILE_BREAKPOINT_PX).toBe(768)
    expect(HEADER_COMPACT_BREAKPOINT_PX).toBe(1024)
    expect(RESIZE_DEBOUNCE_MS).toBe(200)
    expect(SIDEBAR_COOKIE_MAX_AGE_S).toBe(604_800)
  })

  it("unread badge '99+' above 99", () => {
    expect(BADGE_MAX).toBe(99)
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    expect(badgeText(0)).toBe('')
  })

  it('tooltips open after 700 ms and close after 300 ms, in the shell and on gated buttons; links prefetch at 200 px', () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_CLOSE_DELAY_MS]).toEqual([700, 300])
    expect([GATED_DELAY_MS, GATED_CLOSE_DELAY_MS]).toEqual([700, 300])
    expect(LINK_PREFETCH_MARGIN_PX).toBe(200)
  })
})

describe.skipIf(spec === null)('verbatim strings of SPEC §2.6 and §8', () => {
  it.each([
    FETCH_FAILED_MESSAGE,
    PREFERENCES_SAVED,
    PREFERENCES_SAVE_FAILED,
    WORKSPACES_LOADING_MESSAGE,
    WORKSPACES_ERROR_MESSAGE,
    WORKSPACES_EMPTY_MESSAGE,
    WORKSPACE_CREATED_MESSAGE,
    WORKSPACE_CREATE_FAILED_MESSAGE,
    VIEW_ALL_HREF,
  ].map((text) => english.text(text)))('"%s" is in the spec, word for word', (text) => {
    expect(spec).toContain(text)
  })
})

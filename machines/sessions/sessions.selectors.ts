/**
 * Selectors over the sessions snapshot (Sessions), for the Security tab and its stories:
 * the status, the rows, whether a sign-out is in flight, and how a session is named and dated.
 */
import type { SnapshotFrom } from 'xstate'
import { type DisplayText, localized } from '../../contract/messages.ts'
import type { SessionItem } from '../../contract/sessions.ts'
import { relativeTime } from '../shared/relative-time.ts'
import type { SessionsMachine } from './sessions.machine.ts'
import { sessionsMessages } from './sessions.messages.ts'

export type SessionsSnapshot = SnapshotFrom<SessionsMachine>

export type SessionsStatus = 'loading' | 'failed' | 'ready'

export function selectSessionsStatus(s: SessionsSnapshot): SessionsStatus {
  if (s.matches('loading')) return 'loading'
  if (s.matches('failed')) return 'failed'
  return 'ready'
}

export const selectSessionsLoadError = (s: SessionsSnapshot): DisplayText | null => s.context.loadError

const none: ReadonlyArray<SessionItem> = []
/** The listed sessions (optimistically without the ones being signed out). */
export const selectSessions = (s: SessionsSnapshot): ReadonlyArray<SessionItem> => s.context.sessions ?? none

/** A sign-out is in flight: the other sign-out buttons wait for it. */
export const selectIsRevoking = (s: SessionsSnapshot): boolean => s.matches({ ready: 'revoking' }) || s.matches({ ready: 'revokingOthers' })

/** Whether 'Sign out of all other sessions' has anything to do. */
export const selectHasOthers = (s: SessionsSnapshot): boolean => selectSessions(s).some((x) => !x.current)

/** The confirmation of 'Sign out of all other sessions' is open. */
export const selectIsConfirmingOthers = (s: SessionsSnapshot): boolean => s.matches({ ready: 'confirmingOthers' })

/** "Chrome 126 on macOS", "Chrome 126", "macOS", or "Unknown device" (what the audit log says too). */
export function sessionLabel(session: Pick<SessionItem, 'browser' | 'os'>): string {
  if (session.browser !== null && session.os !== null) return `${session.browser} on ${session.os}`
  return session.browser ?? session.os ?? 'Unknown device'
}

/** The approximate place, else the address, else 'Location unknown'. */
export function sessionPlace(session: Pick<SessionItem, 'location' | 'ip_address'>): string {
  return session.location ?? session.ip_address ?? 'Location unknown'
}

/** {@link sessionLabel} to show in the reader's language: the browser and OS names as they are, the words around them translated. */
export function sessionLabelText(session: Pick<SessionItem, 'browser' | 'os'>): DisplayText {
  if (session.browser !== null && session.os !== null) return localized(sessionsMessages.browserOnOs, { browser: session.browser, os: session.os })
  return session.browser ?? session.os ?? localized(sessionsMessages.unknownDevice)
}

/** {@link sessionPlace} to show in the reader's language. */
export function sessionPlaceText(session: Pick<SessionItem, 'location' | 'ip_address'>): DisplayText {
  return session.location ?? session.ip_address ?? localized(sessionsMessages.locationUnknown)
}

/** Under a minute ago (or a little ahead: clocks differ), a session was used "just now". */
const JUST_NOW_MS = 60_000

/** "2 hours ago" for an ISO 8601 time seen at `nowMs` (ms), "just now" within a minute; '' for a time that does not parse. */
export function relativeIso(iso: string, nowMs: number, locale?: string): string {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) return ''
  return Math.abs(nowMs - ms) < JUST_NOW_MS ? 'just now' : relativeTime(ms / 1000, nowMs, locale)
}

/** The exact local time of an ISO 8601 time, for a tooltip ("25 Nov 2026, 11:42"); the input itself if it does not parse. */
export function exactTime(iso: string, locale?: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(ms)
}

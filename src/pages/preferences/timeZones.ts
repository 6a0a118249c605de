/**
 * The time zone choices of the quiet hours editor: every IANA zone this browser knows
 * (`Intl.supportedValuesOf('timeZone')`), shown with spaces for underscores ("America/New York"),
 * and the one rule that turns what a person typed into a zone id. Pure; no React.
 */
import { isTimeZone } from '../../../contract/notifications.ts'

/** One choice: the IANA id that is saved, and the label shown and typed against. */
export interface TimeZoneOption {
  readonly id: string
  readonly label: string
}

/** How a zone id reads in the list: "America/Argentina/Buenos Aires". */
export function timeZoneLabel(id: string): string {
  return id.replaceAll('_', ' ')
}

/** Every zone this runtime lists; older runtimes without `supportedValuesOf` get only UTC. */
function supportedZones(): ReadonlyArray<string> {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] }
  try {
    return intl.supportedValuesOf?.('timeZone') ?? []
  } catch {
    return []
  }
}

let cached: ReadonlyArray<string> | null = null

/**
 * The choices, sorted: the runtime's zones plus UTC (Chromium leaves it out of its list, yet it is
 * a headless browser's own zone) and `current` when it is a zone the list does not name (an alias
 * such as "Asia/Calcutta", the browser's or one saved elsewhere).
 */
export function timeZoneOptions(current?: string): ReadonlyArray<TimeZoneOption> {
  cached ??= [...new Set([...supportedZones(), 'UTC'])].sort()
  const ids = current !== undefined && isTimeZone(current) && !cached.includes(current) ? [...cached, current].sort() : cached
  return ids.map((id) => ({ id, label: timeZoneLabel(id) }))
}

/**
 * The zone id a person meant by `text`: a listed id or label (any case, surrounding spaces
 * ignored), else the runtime's own name for a zone it knows ("utc" → "UTC"), else `text` trimmed,
 * which the contract then refuses with its message.
 */
export function resolveTimeZone(text: string, options: ReadonlyArray<TimeZoneOption> = timeZoneOptions()): string {
  const wanted = text.trim()
  const lower = wanted.toLowerCase()
  const listed = options.find((o) => o.id.toLowerCase() === lower || o.label.toLowerCase() === lower)
  if (listed) return listed.id
  if (isTimeZone(wanted)) return new Intl.DateTimeFormat('en-GB', { timeZone: wanted }).resolvedOptions().timeZone
  return wanted
}

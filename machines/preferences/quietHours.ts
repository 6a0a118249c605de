/**
 * Quiet hours in the preferences editor (contract `QuietHours`: `{ enabled, start
 * "HH:MM", end "HH:MM", timezone }`, an IANA zone): the values a new editor starts from, the
 * half-hour steps the start and end pickers offer, and validation through the contract's schema
 * plus the editor's one extra rule (start and end must differ, or the window would be empty or
 * the whole day, depending on how one reads it). Pure: used by the machine, the page and tests.
 */
import { QUIET_HOURS_SAME_TIMES, QuietHours } from '../../contract/notifications.ts'

export { QUIET_HOURS_SAME_TIMES }
import { type DisplayText, localized, type MessageDescriptor } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { quietHoursMessages } from './preferences.messages.ts'

/** The editor's fields that can carry an error. */
export type QuietHoursField = 'start' | 'end' | 'timezone'

/** One message per field in error; empty when the quiet hours may be saved. */
export type QuietHoursErrors = Readonly<Partial<Record<QuietHoursField, string>>>


/** The one line that says what quiet hours do (and do not) hold back. */
export const QUIET_HOURS_EXPLAINED = quietHoursMessages.explained

/** Where a new editor starts: off, 22:00 to 07:00 (a night), in `timezone`. */
export const DEFAULT_QUIET_START = '22:00'
export const DEFAULT_QUIET_END = '07:00'

/** The quiet hours a person who never set any sees: off, a night, in `timezone` (the browser's). */
export function defaultQuietHours(timezone: string): QuietHours {
  return { enabled: false, start: DEFAULT_QUIET_START, end: DEFAULT_QUIET_END, timezone }
}

/**
 * The browser's IANA zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`), or 'UTC' where
 * the runtime does not say.
 */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
  } catch {
    return 'UTC'
  }
}

/** Every half hour of a day as "HH:MM", from "00:00" to "23:30" (48 steps): the start and end choices. */
export const QUIET_HOURS_STEPS: ReadonlyArray<string> = Array.from({ length: 48 }, (_, i) => {
  const h = String(Math.floor(i / 2)).padStart(2, '0')
  return `${h}:${i % 2 === 0 ? '00' : '30'}`
})

/**
 * The errors of `quietHours` by field: the contract's (`Use HH:MM`, 'Choose a time zone from the
 * list') through contract/validate.ts, then start ≠ end ({@link QUIET_HOURS_SAME_TIMES}, under
 * End). The rule holds whether or not quiet hours are on, so what is stored is always usable.
 */
export function validateQuietHours(quietHours: QuietHours): QuietHoursErrors {
  const result = validate(QuietHours, quietHours)
  const errors: Partial<Record<QuietHoursField, string>> = {}
  if (!result.ok) {
    const byField = fieldErrors(result.issues)
    for (const f of ['start', 'end', 'timezone'] as const) if (byField[f] !== undefined) errors[f] = byField[f]
  }
  if (errors.start === undefined && errors.end === undefined && quietHours.start === quietHours.end) errors.end = QUIET_HOURS_SAME_TIMES
  return errors
}

/** The contract's field errors by their English text ('Use HH:MM', contract/notifications.ts), as messages. */
const FIELD_ERROR_MESSAGES: ReadonlyMap<string, MessageDescriptor> = new Map([
  ['Use HH:MM', quietHoursMessages.useHhMm],
  ['Choose a time zone from the list', quietHoursMessages.chooseTimeZone],
  [QUIET_HOURS_SAME_TIMES, quietHoursMessages.sameTimes],
])

/** A field error of {@link validateQuietHours} for the screen: a known one in the reader's language, any other as it is. */
export function quietHoursErrorText(error: string): DisplayText {
  const message = FIELD_ERROR_MESSAGES.get(error)
  return message ? localized(message) : error
}

/** True when {@link validateQuietHours} finds nothing. */
export function isValidQuietHours(quietHours: QuietHours): boolean {
  return Object.keys(validateQuietHours(quietHours)).length === 0
}

/**
 * What the Security tab's lists share: a relative time with the exact one as its tooltip, and a
 * translated sentence with elements inside it (a time, a link).
 */
import { Fragment, type ReactNode } from 'react'
import { sessionsMessages as m } from '../../../machines/sessions/sessions.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { MessageDescriptor, MessageValues } from '../../i18n/messages.ts'
import * as css from './Security.css.ts'

/** Under a minute ago (or a little ahead: clocks differ), something happened "just now". */
const JUST_NOW_MS = 60_000

/** The exact time's format (the tooltip, "25 Nov 2026, 11:42"). */
export const EXACT_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** A relative time ("2 hours ago", "just now") with the exact time as its tooltip and machine-readable value. */
export function When({ iso, nowMs }: { iso: string; nowMs: number }) {
  const { t, date, relative } = useTranslator()
  const ms = Date.parse(iso)
  const shown = Number.isNaN(ms) ? '' : Math.abs(nowMs - ms) < JUST_NOW_MS ? t(m.justNow) : relative(ms, nowMs)
  return (
    <time className={css.time} dateTime={iso} title={date(iso, EXACT_TIME) || iso}>
      {shown}
    </time>
  )
}

/** Marks a slot's place in a translated text; no message contains it. */
const MARK = '\u0001'

/**
 * `message` translated, with each placeholder named in `slots` replaced by its element
 * (`Created {time}` with `time: <When …/>`): the translation decides where the element goes.
 */
export function useSlotted(): (message: MessageDescriptor, slots: Readonly<Record<string, ReactNode>>, values?: MessageValues) => ReactNode {
  const { t } = useTranslator()
  return (message, slots, values = {}) => {
    const marks = Object.fromEntries(Object.keys(slots).map((name) => [name, `${MARK}${name}${MARK}`]))
    const parts = t(message, { ...values, ...marks }).split(MARK)
    // Odd parts are slot names, even parts plain text.
    return parts.map((part, i) => <Fragment key={i}>{i % 2 === 1 ? slots[part] : part}</Fragment>)
  }
}

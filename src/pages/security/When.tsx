/**
 * What the Security tab's lists share: a relative time with the exact one as its tooltip, and a
 * translated sentence with elements inside it (a time, a link).
 */
import type { ReactNode } from 'react'
import { sessionsMessages as m } from '../../../machines/sessions/sessions.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { richMessage } from '../../i18n/rich.tsx'
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

/**
 * `message` translated, with each placeholder named in `slots` replaced by its element
 * (`Created {time}` with `time: <When …/>`): the translation decides where the element goes.
 */
export function useSlotted(): (message: MessageDescriptor, slots: Readonly<Record<string, ReactNode>>, values?: MessageValues) => ReactNode {
  const { t } = useTranslator()
  return (message, slots, values) => richMessage(t, message, slots, values)
}

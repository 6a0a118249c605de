/**
 * A row's 'Snooze' button and its menu (1 hour, Tomorrow 9:00, Next week, Pick
 * a time…), in the reader's language. Each preset shows the moment it means, 9:00 in the time zone the person saved (their
 * quiet hours' zone; the browser's until it is known or when none is saved); 'Pick a time…' opens a dialog with a date and
 * time field, checked with the contract's `snoozeUntilIssue` (a moment past, or over a year
 * ahead, gets its field error and nothing is sent). The chosen moment goes to the notifications
 * actor as `notifications.snooze`.
 */
import AlarmClock from 'lucide-react/icons/alarm-clock'
import { useState } from 'react'
import { FieldError, Input, Label, TextField } from 'react-aria-components'
import { SNOOZE_IN_PAST, SNOOZE_TOO_FAR, snoozeUntilIssue } from '../../../contract/notifications.ts'
import {
  isoToLocalInput,
  localInputToIso,
  SNOOZE_PRESETS,
  type SnoozePreset,
  snoozeMoment,
  snoozeMomentParts,
} from '../../../machines/notifications/snooze-moments.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { INTL_TAGS } from '../../i18n/locales.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { useSavedTimeZone } from '../../system/savedTimeZone.ts'
import { Button } from '../primitives/Button/Button.tsx'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../primitives/Menu/Menu.tsx'
import * as fieldCss from '../primitives/TextField/TextField.css.ts'
import * as css from './NotificationsPanel.css.ts'
import { RowAction } from './RowActions.tsx'
import { snoozeMessages as m } from './snooze.messages.ts'

const PRESET_LABELS: Readonly<Record<SnoozePreset, MessageDescriptor>> = { hour: m.hour, tomorrow: m.tomorrow, nextWeek: m.nextWeek }

/** The contract's refusals of a snooze moment, in the reader's language. */
const ISSUES: Readonly<Record<string, MessageDescriptor>> = { [SNOOZE_IN_PAST]: m.inPast, [SNOOZE_TOO_FAR]: m.tooFar }

/**
 * "Tomorrow, 9:00", "Tue 1 Dec, 9:00": a snooze moment in the reader's language and formats, in
 * `timeZone` (IANA) when given, else the browser's zone. `withDay: false` leaves out "Tomorrow, "
 * (the menu's preset already says it).
 */
export function snoozeMomentText(translator: Translator, iso: string, nowMs: number, timeZone?: string | null, withDay = true): string {
  const { day, date, time } = snoozeMomentParts(iso, nowMs, INTL_TAGS[translator.locale], timeZone)
  if (day === 'today') return translator.t(m.today, { time })
  if (day === 'tomorrow') return withDay ? translator.t(m.tomorrowAt, { time }) : time
  return translator.t(m.dateAt, { date, time })
}

/** The Snooze button of one notification; `onSnooze` gets the moment (ISO 8601). */
export function SnoozeMenu({ title, now = Date.now, onSnooze }: { title: string; now?: () => number; onSnooze: (until: string) => void }) {
  const [picking, setPicking] = useState(false)
  // The menu is mounted on the first press only: every row has this button, and a menu trigger
  // per row made opening the panel and archiving slower (bench interactions). Until
  // then it is a plain row button (RowActions.tsx).
  const [armed, setArmed] = useState(false)
  const [open, setOpen] = useState(false)
  const zone = useSavedTimeZone(armed)
  const translator = useTranslator()
  const { t } = translator
  if (!armed) {
    return (
      <RowAction label={t(m.snoozeRow, { title })} onPress={() => (setArmed(true), setOpen(true))}>
        <AlarmClock size={14} aria-hidden="true" />
      </RowAction>
    )
  }
  const button = (
    <IconButton label={t(m.snoozeRow, { title })} size="sm">
      <AlarmClock size={14} aria-hidden="true" />
    </IconButton>
  )
  const at = now()
  return (
    <>
      <Menu
        trigger={button}
        isOpen={open}
        onOpenChange={setOpen}
        aria-label={t(m.snoozeUntil)}
        onAction={(key) => {
          if (key === 'pick') setPicking(true)
          else onSnooze(snoozeMoment(key as SnoozePreset, now(), zone))
        }}
      >
        {SNOOZE_PRESETS.map((preset) => (
          <MenuItem key={preset} id={preset} textValue={t(PRESET_LABELS[preset])}>
            {t(PRESET_LABELS[preset])}
            {/* The moment it means ("Tomorrow · 9:00 AM", "Next week · Mon, Nov 30, 9:00 AM"), without repeating the label. */}
            {preset !== 'hour' && <span className={css.moment}> · {snoozeMomentText(translator, snoozeMoment(preset, at, zone), at, zone, false)}</span>}
          </MenuItem>
        ))}
        <MenuItem id="pick">{t(m.pick)}</MenuItem>
      </Menu>
      {picking && <PickSnoozeTime title={title} now={now} onClose={() => setPicking(false)} onSnooze={onSnooze} />}
    </>
  )
}

/** 'Pick a time…': a date and time field (local time), validated before anything is sent. */
function PickSnoozeTime({ title, now, onClose, onSnooze }: { title: string; now: () => number; onClose: () => void; onSnooze: (until: string) => void }) {
  const [value, setValue] = useState(() => isoToLocalInput(Date.parse(snoozeMoment('tomorrow', now()))))
  const [error, setError] = useState<string | null>(null)
  const { t } = useTranslator()
  const submit = (close: () => void) => {
    const until = localInputToIso(value)
    const issue = until === null ? undefined : snoozeUntilIssue(until, now())
    if (issue !== undefined || until === null) {
      // The contract's reason in the reader's words; one it does not name here, as it is.
      const message = issue === undefined ? m.enterDateTime : ISSUES[issue]
      setError(message ? t(message) : (issue ?? null))
      return
    }
    onSnooze(until)
    close()
  }
  return (
    <Modal
      title={t(m.snoozeUntil)}
      description={title}
      size="sm"
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      footer={({ close }) => (
        <>
          <Button variant="secondary" slot="close">
            {t(m.cancel)}
          </Button>
          <Button onPress={() => submit(close)}>{t(m.snooze)}</Button>
        </>
      )}
    >
      {({ close }) => (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            submit(close)
          }}
        >
          <TextField
            className={fieldCss.field}
            value={value}
            onChange={(next) => {
              setValue(next)
              setError(null)
            }}
            isInvalid={error !== null}
            autoFocus
          >
            <Label className={fieldCss.label}>{t(m.dateAndTime)}</Label>
            <Input type="datetime-local" className={fieldCss.control} />
            <FieldError className={fieldCss.fieldError}>{error}</FieldError>
          </TextField>
        </form>
      )}
    </Modal>
  )
}

/**
 * A row's 'Snooze' button and its menu (1 hour, Tomorrow 9:00, Next week, Pick
 * a time…). Each preset shows the moment it means, 9:00 in the time zone the person saved (their
 * quiet hours' zone; the browser's until it is known or when none is saved); 'Pick a time…' opens a dialog with a date and
 * time field, checked with the contract's `snoozeUntilIssue` (a moment past, or over a year
 * ahead, gets its field error and nothing is sent). The chosen moment goes to the notifications
 * actor as `notifications.snooze`.
 */
import AlarmClock from 'lucide-react/icons/alarm-clock'
import { useState } from 'react'
import { FieldError, Input, Label, TextField } from 'react-aria-components'
import { snoozeUntilIssue } from '../../../contract/notifications.ts'
import {
  formatSnoozeMoment,
  isoToLocalInput,
  localInputToIso,
  SNOOZE_PRESETS,
  type SnoozePreset,
  snoozeMoment,
} from '../../../machines/notifications/snooze-moments.ts'
import { useSavedTimeZone } from '../../system/savedTimeZone.ts'
import { Button } from '../primitives/Button/Button.tsx'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../primitives/Menu/Menu.tsx'
import * as fieldCss from '../primitives/TextField/TextField.css.ts'
import * as css from './NotificationsPanel.css.ts'
import { RowAction } from './RowActions.tsx'

const PRESET_LABELS: Readonly<Record<SnoozePreset, string>> = { hour: '1 hour', tomorrow: 'Tomorrow', nextWeek: 'Next week' }

/** The Snooze button of one notification; `onSnooze` gets the moment (ISO 8601). */
export function SnoozeMenu({ title, now = Date.now, onSnooze }: { title: string; now?: () => number; onSnooze: (until: string) => void }) {
  const [picking, setPicking] = useState(false)
  // The menu is mounted on the first press only: every row has this button, and a menu trigger
  // per row made opening the panel and archiving slower (bench interactions). Until
  // then it is a plain row button (RowActions.tsx).
  const [armed, setArmed] = useState(false)
  const [open, setOpen] = useState(false)
  const zone = useSavedTimeZone(armed)
  if (!armed) {
    return (
      <RowAction label={`Snooze: ${title}`} onPress={() => (setArmed(true), setOpen(true))}>
        <AlarmClock size={14} aria-hidden="true" />
      </RowAction>
    )
  }
  const button = (
    <IconButton label={`Snooze: ${title}`} size="sm">
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
        aria-label="Snooze until"
        onAction={(key) => {
          if (key === 'pick') setPicking(true)
          else onSnooze(snoozeMoment(key as SnoozePreset, now(), zone))
        }}
      >
        {SNOOZE_PRESETS.map((preset) => (
          <MenuItem key={preset} id={preset} textValue={PRESET_LABELS[preset]}>
            {PRESET_LABELS[preset]}
            {/* The moment it means ("Tomorrow · 9:00 AM", "Next week · Mon, Nov 30, 9:00 AM"), without repeating the label. */}
            {preset !== 'hour' && <span className={css.moment}> · {formatSnoozeMoment(snoozeMoment(preset, at, zone), at, undefined, zone).replace(/^Tomorrow, /, '')}</span>}
          </MenuItem>
        ))}
        <MenuItem id="pick">Pick a time…</MenuItem>
      </Menu>
      {picking && <PickSnoozeTime title={title} now={now} onClose={() => setPicking(false)} onSnooze={onSnooze} />}
    </>
  )
}

/** 'Pick a time…': a date and time field (local time), validated before anything is sent. */
function PickSnoozeTime({ title, now, onClose, onSnooze }: { title: string; now: () => number; onClose: () => void; onSnooze: (until: string) => void }) {
  const [value, setValue] = useState(() => isoToLocalInput(Date.parse(snoozeMoment('tomorrow', now()))))
  const [error, setError] = useState<string | null>(null)
  const submit = (close: () => void) => {
    const until = localInputToIso(value)
    const issue = until === null ? 'Enter a date and time' : snoozeUntilIssue(until, now())
    if (issue !== undefined || until === null) {
      setError(issue ?? 'Enter a date and time')
      return
    }
    onSnooze(until)
    close()
  }
  return (
    <Modal
      title="Snooze until"
      description={title}
      size="sm"
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      footer={({ close }) => (
        <>
          <Button variant="secondary" slot="close">
            Cancel
          </Button>
          <Button onPress={() => submit(close)}>Snooze</Button>
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
            <Label className={fieldCss.label}>Date and time</Label>
            <Input type="datetime-local" className={fieldCss.control} />
            <FieldError className={fieldCss.fieldError}>{error}</FieldError>
          </TextField>
        </form>
      )}
    </Modal>
  )
}

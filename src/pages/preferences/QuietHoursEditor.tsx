/**
 * The quiet hours editor: a 'Quiet hours' switch, Start and End (Selects of
 * half-hour steps, keyboard-accessible like every Select), and the time zone (TimeZoneField,
 * the browser's zone until one is saved). Every change sends the whole quiet hours object as
 * `preferences.setQuietHours`; the machine saves it after its wait, or, when the contract or the
 * start ≠ end rule refuses it, keeps it as a draft whose field errors show here and saves nothing.
 * Start, End and the zone wait while quiet hours are off (their values are kept).
 */
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { QuietHours } from '../../../contract/notifications.ts'
import type { PreferencesMachine } from '../../../machines/preferences/preferences.machine.ts'
import { quietHoursMessages as m } from '../../../machines/preferences/preferences.messages.ts'
import { selectQuietHours } from '../../../machines/preferences/preferences.selectors.ts'
import { QUIET_HOURS_EXPLAINED, QUIET_HOURS_STEPS, browserTimeZone, quietHoursErrorText } from '../../../machines/preferences/quietHours.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { Select } from '../../ui/primitives/Select/Select.tsx'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import * as css from '../NotificationSettingsPage.css.ts'
import { TimeZoneField } from './TimeZoneField.tsx'

/** Start and End's choices: every half hour, plus a saved time off those steps ("06:45") so it still shows. */
function stepsWith(...times: string[]) {
  const all = [...new Set([...QUIET_HOURS_STEPS, ...times.filter((t) => /^\d\d:\d\d$/.test(t))])].sort()
  return all.map((t) => ({ id: t, label: t }))
}

/** The quiet hours card over the preferences actor; `isDisabled` while the machine loads or reloads. */
export function QuietHoursEditor({ actor, isDisabled }: { actor: ActorRefFrom<PreferencesMachine>; isDisabled: boolean }) {
  const browserZone = useMemo(browserTimeZone, [])
  const { value, errors } = useSelector(actor, (s) => selectQuietHours(s, browserZone))
  const steps = useMemo(() => stepsWith(value.start, value.end), [value.start, value.end])
  const set = (patch: Partial<QuietHours>) => actor.send({ type: 'preferences.setQuietHours', quietHours: { ...value, ...patch } })
  const fieldsDisabled = isDisabled || !value.enabled
  const translator = useTranslator()
  const { t } = translator
  const errorOf = (error: string | undefined) => (error === undefined ? undefined : translator.text(quietHoursErrorText(error)))
  return (
    <div className={css.card}>
      <Switch
        labelPosition="start"
        label={t(m.label)}
        description={t(QUIET_HOURS_EXPLAINED)}
        isSelected={value.enabled}
        onChange={(on) => set({ enabled: on })}
        isDisabled={isDisabled}
      />
      <div className={css.quietFields}>
        <Select
          label={t(m.start)}
          items={steps}
          selectedKey={value.start}
          onSelectionChange={(time) => time !== null && set({ start: time })}
          error={errorOf(errors.start)}
          isDisabled={fieldsDisabled}
        />
        <Select
          label={t(m.end)}
          items={steps}
          selectedKey={value.end}
          onSelectionChange={(time) => time !== null && set({ end: time })}
          error={errorOf(errors.end)}
          isDisabled={fieldsDisabled}
        />
        <div className={css.zoneField}>
          <TimeZoneField
            label={t(m.timeZone)}
            value={value.timezone}
            onCommit={(timezone) => set({ timezone })}
            error={errorOf(errors.timezone)}
            isDisabled={fieldsDisabled}
          />
        </div>
      </div>
    </div>
  )
}

/**
 * 'Play a sound for urgent notifications' (attention outside the page), a switch on the
 * notification settings page for this browser only (localStorage `engage_urgent_sound`, off by
 * default; src/platform/urgent-sound.ts). Not a server preference: sound is a property of the
 * device in front of the person, like push on this device. Saved at once; src/system/attention.ts
 * reads it when an urgent notification arrives.
 */
import { useState } from 'react'
import { preferencesMessages as m } from '../../../machines/preferences/preferences.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { readUrgentSound, writeUrgentSound } from '../../platform/urgent-sound.ts'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import * as css from '../NotificationSettingsPage.css.ts'

/** The switch's label and description. */
export const URGENT_SOUND_LABEL = m.urgentSoundLabel
export const URGENT_SOUND_DESCRIPTION = m.urgentSoundDescription

/** Where the choice is kept: this window's localStorage (null where storage is blocked). */
function windowStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The sound switch as a one-row list in the page's card style. */
export function UrgentSoundSetting({ storage = windowStorage() }: { storage?: Storage | null }) {
  const [on, setOn] = useState(() => readUrgentSound(storage))
  const { t } = useTranslator()
  return (
    <ul className={css.list}>
      <li className={css.row}>
        <Switch
          labelPosition="start"
          label={t(URGENT_SOUND_LABEL)}
          description={t(URGENT_SOUND_DESCRIPTION)}
          isSelected={on}
          onChange={(next) => {
            writeUrgentSound(storage, next)
            setOn(next)
          }}
        />
      </li>
    </ul>
  )
}

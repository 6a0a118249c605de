/**
 * Notification preferences (SPEC.md §3 Notification preferences, §8): push and email switches and
 * one switch per category (the Switch primitive); the push section of this device (src/ui/push/PushSettings.tsx). Served at /app/notification-settings, /app/notifications/settings and
 * as the 'notification-settings' tab of /app/setting/profile-settings.
 */
import { useSelector } from '@xstate/react'
import { usePreferencesActor } from '../system/preferences.ts'
import { useOptionalPushActor } from '../system/pushPermission-react.tsx'
import { PushSettings } from '../ui/push/PushSettings.tsx'
import { Button } from '../ui/primitives/Button/Button.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { Switch, type SwitchProps } from '../ui/primitives/Switch/Switch.tsx'
import * as css from './NotificationSettingsPage.css.ts'

/** One setting: the Switch primitive (named by its label, its description read with it) on a card. */
function Toggle(props: SwitchProps) {
  return (
    <li className={css.row}>
      <Switch labelPosition="start" {...props} />
    </li>
  )
}

/** The delivery switches: each preference flag, its words and the event that flips it. */
const DELIVERY = [
  {
    key: 'push_enabled',
    label: 'Browser push notifications',
    description: 'Notifications in your browser while Engage is closed or in the background',
    event: 'preferences.togglePush',
  },
  { key: 'email_enabled', label: 'Email notifications', description: 'A copy of important notifications by email', event: 'preferences.toggleEmail' },
] as const

export function NotificationSettingsPage({ embedded = false }: { embedded?: boolean }) {
  const actor = usePreferencesActor()
  const state = useSelector(actor, (s) => s.value)
  const prefs = useSelector(actor, (s) => s.context.preferences)
  const usingDefaults = useSelector(actor, (s) => s.context.usingDefaults)
  const busy = state !== 'editing'
  // This device's push (SPEC §4 Push permission); absent in stories without the root system.
  const pushActor = useOptionalPushActor()

  return (
    <section aria-busy={busy || undefined}>
      {!embedded && <PageHeader title="Notification Settings" />}
      {usingDefaults && <p className={css.note}>Your saved preferences could not be loaded; these are the defaults.</p>}
      <h2 className={css.section}>Delivery</h2>
      <ul className={css.list}>
        {DELIVERY.map((d) => (
          <Toggle
            key={d.key}
            label={d.label}
            description={d.description}
            isSelected={prefs[d.key]}
            onChange={() => actor.send({ type: d.event })}
            isDisabled={busy}
          />
        ))}
      </ul>
      {pushActor && <PushSettings actor={pushActor} />}
      <h2 className={css.section}>Categories</h2>
      <ul className={css.list}>
        {prefs.categories.map((c) => (
          <Toggle
            key={c.id}
            label={c.name}
            description={c.description}
            isSelected={c.enabled}
            onChange={() => actor.send({ type: 'preferences.toggleCategory', id: c.id })}
            isDisabled={busy}
          />
        ))}
      </ul>
      <div className={css.actions}>
        <Button onPress={() => actor.send({ type: 'preferences.save' })} isPending={state === 'saving'} isDisabled={state === 'loading'}>
          {state === 'saving' ? 'Saving…' : 'Save preferences'}
        </Button>
      </div>
    </section>
  )
}

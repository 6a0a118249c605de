/**
 * Notification preferences (SPEC.md §3 Notification preferences, §8): push and email switches and
 * one switch per category; the push section of this device (src/ui/push/PushSettings.tsx). Served at /app/notification-settings, /app/notifications/settings and
 * as the 'notification-settings' tab of /app/setting/profile-settings.
 */
import { useSelector } from '@xstate/react'
import { Button, Switch } from 'react-aria-components'
import { usePreferencesActor } from '../system/preferences.ts'
import { useOptionalPushActor } from '../system/pushPermission-react.tsx'
import { PushSettings } from '../ui/push/PushSettings.tsx'
import * as page from '../ui/Page.css.ts'
import { PageHeader } from '../ui/PageHeader.tsx'
import * as css from './NotificationSettingsPage.css.ts'

function Toggle({ label, description, isSelected, onChange, isDisabled }: { label: string; description: string; isSelected: boolean; onChange: () => void; isDisabled: boolean }) {
  return (
    <li className={css.row}>
      <span className={css.rowText}>
        <span className={css.rowName}>{label}</span>
        <span className={css.rowDescription}>{description}</span>
      </span>
      <Switch className={css.switchRoot} isSelected={isSelected} onChange={onChange} isDisabled={isDisabled} aria-label={label}>
        <span className={css.switchTrack} aria-hidden="true" />
      </Switch>
    </li>
  )
}

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
        <Toggle label="Browser push notifications" description="Notifications in your browser while Engage is closed or in the background" isSelected={prefs.push_enabled} onChange={() => actor.send({ type: 'preferences.togglePush' })} isDisabled={busy} />
        <Toggle label="Email notifications" description="A copy of important notifications by email" isSelected={prefs.email_enabled} onChange={() => actor.send({ type: 'preferences.toggleEmail' })} isDisabled={busy} />
      </ul>
      {pushActor && <PushSettings actor={pushActor} />}
      <h2 className={css.section}>Categories</h2>
      <ul className={css.list}>
        {prefs.categories.map((c) => (
          <Toggle key={c.id} label={c.name} description={c.description} isSelected={c.enabled} onChange={() => actor.send({ type: 'preferences.toggleCategory', id: c.id })} isDisabled={busy} />
        ))}
      </ul>
      <div className={css.actions}>
        <Button className={page.button} onPress={() => actor.send({ type: 'preferences.save' })} isPending={state === 'saving'} isDisabled={state === 'loading'}>
          {state === 'saving' ? 'Saving…' : 'Save preferences'}
        </Button>
      </div>
    </section>
  )
}

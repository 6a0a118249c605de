/**
 * Notification preferences (SPEC.md §3 Notification preferences, §8): push and email switches
 * (the Switch primitive); the push section of this device (src/ui/push/PushSettings.tsx); the
 * category × channel matrix (src/pages/preferences/PreferenceMatrix.tsx: the spec's
 * per-category switch with In-app, Push and Email boxes); and the quiet hours editor
 * (src/pages/preferences/QuietHoursEditor.tsx). Served at /app/notification-settings,
 * /app/notifications/settings and as the 'notification-settings' tab of
 * /app/setting/profile-settings.
 *
 * Each control saves on change (machines/preferences: debounced, optimistic, rolled
 * back on failure); beside the section that changed ('Delivery', 'Categories', 'Quiet hours'),
 * 'Saving…', then 'Saved' or a plain-language error. SPEC §8's toasts stay. Skeletons while the
 * first answer is awaited.
 */
import { useSelector } from '@xstate/react'
import CheckIcon from 'lucide-react/icons/check'
import type { ActorRefFrom } from 'xstate'
import type { PreferencesMachine, PreferencesSection } from '../../machines/preferences/preferences.machine.ts'
import { preferencesMessages as m } from '../../machines/preferences/preferences.messages.ts'
import { selectIsLoading, selectIsLocked, selectPreferences, selectSaveStatus, selectUsingDefaults } from '../../machines/preferences/preferences.selectors.ts'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { useTranslator } from '../i18n/react.tsx'
import { navMessages } from '../navigation/nav.messages.ts'
import { usePreferencesActor } from '../system/preferences.ts'
import { useOptionalPushActor } from '../system/pushPermission-react.tsx'
import { useDeferredPending } from '../system/react.tsx'
import { PushSettings } from '../ui/push/PushSettings.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../ui/primitives/Skeleton/Skeleton.tsx'
import { Switch, type SwitchProps } from '../ui/primitives/Switch/Switch.tsx'
import * as css from './NotificationSettingsPage.css.ts'
import { PreferenceMatrix } from './preferences/PreferenceMatrix.tsx'
import { QuietHoursEditor } from './preferences/QuietHoursEditor.tsx'
import { UrgentSoundSetting } from './preferences/UrgentSoundSetting.tsx'

type PreferencesActor = ActorRefFrom<PreferencesMachine>

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
  { key: 'push_enabled', label: m.pushLabel, description: m.pushDescription, event: 'preferences.togglePush' },
  { key: 'email_enabled', label: m.emailLabel, description: m.emailDescription, event: 'preferences.toggleEmail' },
] as const

/** The page's lead line (ours): there is no Save button to look for. */
export const AUTOSAVE_NOTE = m.autosaveNote

export function NotificationSettingsPage({ embedded = false }: { embedded?: boolean }) {
  const actor = usePreferencesActor()
  const loading = useSelector(actor, selectIsLoading)
  const locked = useSelector(actor, selectIsLocked)
  const prefs = useSelector(actor, selectPreferences)
  const usingDefaults = useSelector(actor, selectUsingDefaults)
  // This device's push (SPEC §4 Push permission); absent in stories without the root system, and
  // on its way for a moment after the shell's first paint (a deferred actor).
  const pushActor = useOptionalPushActor()
  const pushPending = useDeferredPending()
  const { t } = useTranslator()

  return (
    <section aria-busy={locked || undefined} className={css.page}>
      {embedded ? <p className={css.note}>{t(AUTOSAVE_NOTE)}</p> : <PageHeader title={t(navMessages.notificationSettings)} description={t(AUTOSAVE_NOTE)} />}
      {usingDefaults && <p className={css.note}>{t(m.usingDefaults)}</p>}
      <SectionHeading actor={actor} section="delivery" title={m.delivery} />
      {loading ? (
        <Skeleton shape="block" count={2} height={72} label={t(m.loadingPreferences)} />
      ) : (
        <ul className={css.list}>
          {DELIVERY.map((d) => (
            <Toggle
              key={d.key}
              label={t(d.label)}
              description={t(d.description)}
              isSelected={prefs[d.key]}
              onChange={() => actor.send({ type: d.event })}
              isDisabled={locked}
            />
          ))}
        </ul>
      )}
      <UrgentSoundSetting />
      {pushActor ? <PushSettings actor={pushActor} /> : pushPending && <Skeleton shape="block" count={1} height={148} label={t(m.loadingPush)} />}
      <SectionHeading actor={actor} section="categories" title={m.categories} />
      {loading ? <Skeleton shape="block" count={6} height={72} /> : <PreferenceMatrix actor={actor} preferences={prefs} isDisabled={locked} pushActor={pushActor} />}
      <SectionHeading actor={actor} section="quietHours" title={m.quietHours} />
      {loading ? <Skeleton shape="block" count={1} height={160} /> : <QuietHoursEditor actor={actor} isDisabled={locked} />}
    </section>
  )
}

/** A section's heading with its inline save mark ('Saving…', 'Saved') and, below, a refused save's reason. */
function SectionHeading({ actor, section, title }: { actor: PreferencesActor; section: PreferencesSection; title: MessageDescriptor }) {
  const status = useSelector(actor, (s) => selectSaveStatus(s, section))
  const translator = useTranslator()
  const { t } = translator
  return (
    <>
      <div className={css.sectionHeader}>
        <h2 className={css.section}>{t(title)}</h2>
        {/* Always in the tree, so screen readers hear each change of its text. */}
        <span role="status" className={css.saveStatus} data-status={status.kind}>
          {status.kind === 'saving' && t(m.saving)}
          {status.kind === 'saved' && (
            <>
              <CheckIcon size={16} aria-hidden="true" className={css.savedIcon} />
              {t(m.savedMark)}
            </>
          )}
        </span>
      </div>
      {status.kind === 'error' && (
        <p role="alert" className={css.error}>
          {translator.text(status.message)}
        </p>
      )}
    </>
  )
}

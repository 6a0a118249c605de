/**
 * The preference matrix, like Knock's: one row per preference category, one column
 * per channel (In-app, Push, Email).
 *
 * - The row header is the spec's category switch (`categories[].enabled`, the category as a
 *   whole), named by the category, described by its description and what it covers
 *   ("Covers: Messages", from the contract's mapping; nothing when it covers no category).
 * - In-app is always on: a ticked, disabled box described (for screen readers) by why; the
 *   section's lead line says it for everyone.
 * - Push and Email are the category's `channels`. They wait while the category is off, the
 *   channel's master switch under Delivery is off, or (Push) no device of this person receives
 *   push yet: shown unticked and disabled, because nothing is sent then, while the saved choice
 *   is kept and shows again once the reason is gone. The page says why above the matrix (for
 *   push, with the way to turn it on for this device), and each box's description repeats it.
 *
 * A plain table dressed in the Table primitive's classes, like the role editor's grid: a table
 * where it gets 640 px, under that (a container query, so 390 px phones) each category is a card
 * with its boxes in a row, each named beside it, and nothing scrolls sideways.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { VisuallyHidden } from 'react-aria-components'
import { DEFAULT_PREFERENCES, type NotificationPreferences, type PreferenceChannel } from '../../../contract/notifications.ts'
import { CATEGORY_MESSAGES } from '../../../machines/notifications/notifications.selectors.ts'
import type { PreferencesMachine } from '../../../machines/preferences/preferences.machine.ts'
import { preferencesMessages as m } from '../../../machines/preferences/preferences.messages.ts'
import type { PushPermissionMachine } from '../../../machines/pushPermission/pushPermission.machine.ts'
import { PUSH_TEXT, selectCanEnable, selectPushBusy, selectPushReachesYou, selectPushStatus } from '../../../machines/pushPermission/pushPermission.selectors.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { INTL_TAGS } from '../../i18n/locales.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { type MatrixRow, selectMatrixRows } from '../../../machines/preferences/preferences.selectors.ts'
import { Checkbox } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import * as css from '../NotificationSettingsPage.css.ts'

/** Why the In-app box cannot be cleared. */
export const IN_APP_ALWAYS_ON = m.inAppAlwaysOn

/** The lead line over the matrix (ours). */
export const MATRIX_LEAD = m.matrixLead

/** The channels with a box per category: their column name, master switch, the note while it is off, and a box's name. */
export const MATRIX_CHANNELS = [
  { channel: 'push', name: m.push, master: 'push_enabled', masterOff: m.pushMasterOff, boxFor: m.pushFor },
  { channel: 'email', name: m.email, master: 'email_enabled', masterOff: m.emailMasterOff, boxFor: m.emailFor },
] as const satisfies ReadonlyArray<{ channel: PreferenceChannel; name: MessageDescriptor; master: keyof NotificationPreferences; masterOff: MessageDescriptor; boxFor: MessageDescriptor }>

/** The Push column's note while no device receives push: why, and what this device can do about it. */
export function pushNoDeviceNote(t: Translator['t'], status: ReturnType<typeof selectPushStatus>): string {
  const why = t(m.pushNoDevice)
  if (status === 'denied') return `${why} ${t(PUSH_TEXT.denied)}`
  if (status === 'unsupported' || status === 'inactive') return `${why} ${t(PUSH_TEXT.unsupported)} ${t(m.pushFromSupported)}`
  return `${why} ${t(m.pushTurnOnHere)}`
}

/** "Covers: Messages, Alerts" for a category's notification categories, or null when it covers none. */
export function coversLine(translator: Translator, row: Pick<MatrixRow, 'coveredCategories'>): string | null {
  if (row.coveredCategories.length === 0) return null
  const names = row.coveredCategories.map((c) => translator.t(CATEGORY_MESSAGES[c]))
  return translator.t(m.covers, { categories: new Intl.ListFormat(INTL_TAGS[translator.locale], { type: 'unit', style: 'short' }).format(names) })
}

/** The product's preference categories (SPEC §3 defaults): their names and descriptions as messages. */
const CATEGORY_WORDS: Readonly<Record<string, { readonly name: MessageDescriptor; readonly description: MessageDescriptor }>> = {
  messages: { name: m.messagesName, description: m.messagesDescription },
  updates: { name: m.updatesName, description: m.updatesDescription },
  team: { name: m.teamName, description: m.teamDescription },
  payments: { name: m.paymentsName, description: m.paymentsDescription },
  analytics: { name: m.analyticsName, description: m.analyticsDescription },
  marketing: { name: m.marketingName, description: m.marketingDescription },
}
const DEFAULT_CATEGORIES = new Map(DEFAULT_PREFERENCES.categories.map((c) => [c.id, c]))

/**
 * A category's name and description for the screen: a product category whose words are still the
 * defaults' in the reader's language; words the server changed are shown as they are.
 */
function categoryWords(t: Translator['t'], row: Pick<MatrixRow, 'id' | 'name' | 'description'>): { name: string; description: string } {
  const words = CATEGORY_WORDS[row.id]
  const defaults = DEFAULT_CATEGORIES.get(row.id)
  return {
    name: words && defaults?.name === row.name ? t(words.name) : row.name,
    description: words && defaults?.description === row.description ? t(words.description) : row.description,
  }
}

/**
 * The matrix over the preferences actor; `preferences` gives the master switches; `isDisabled` while
 * loading or reloading; `pushActor`, this device's push (absent in stories without the root
 * system: the Push column then does not claim to know whether push reaches anyone).
 */
export function PreferenceMatrix({
  actor,
  preferences,
  isDisabled,
  pushActor,
}: {
  actor: ActorRefFrom<PreferencesMachine>
  preferences: NotificationPreferences
  isDisabled: boolean
  pushActor?: ActorRefFrom<PushPermissionMachine> | null | undefined
}) {
  const rows = useSelector(actor, selectMatrixRows)
  const translator = useTranslator()
  const { t } = translator
  const push = pushActor ?? undefined
  const pushReaches = useSelector(push, (s) => (s === undefined ? true : selectPushReachesYou(s)))
  const pushStatus = useSelector(push, (s) => (s === undefined ? null : selectPushStatus(s)))
  const canEnablePush = useSelector(push, (s) => (s === undefined ? false : selectCanEnable(s)))
  const pushBusy = useSelector(push, (s) => (s === undefined ? false : selectPushBusy(s)))
  const masterOff = MATRIX_CHANNELS.filter((c) => !preferences[c.master])
  // Only when the master switch is on: otherwise its own note already says why the column waits.
  const pushNote = preferences.push_enabled && !pushReaches && pushStatus !== null ? pushNoDeviceNote(t, pushStatus) : null
  return (
    <>
      <p className={css.note}>{t(MATRIX_LEAD)}</p>
      {masterOff.map((c) => (
        <p key={c.channel} className={css.masterNote} data-channel={c.channel}>
          {t(c.masterOff)}
        </p>
      ))}
      {pushNote !== null && (
        <div className={css.masterNote} data-channel="push">
          <p className={css.pushNoteText}>{pushNote}</p>
          {(canEnablePush || pushBusy) && (
            <Button size="sm" onPress={() => pushActor?.send({ type: 'push.enable' })} isPending={pushBusy}>
              {t(m.turnOnPush)}
            </Button>
          )}
        </div>
      )}
      <div className={css.matrixHost}>
        <div className={css.matrixFrame}>
          <table className={css.matrix} aria-label={t(m.matrixLabel)}>
            <thead className={css.matrixHead}>
              <tr>
                <th scope="col" className={css.categoryHeader}>
                  {t(m.category)}
                </th>
                <th scope="col" className={css.channelHeader}>
                  {t(m.inApp)}
                  <span className={css.headerNote}>{t(m.alwaysOn)}</span>
                </th>
                {MATRIX_CHANNELS.map((c) => (
                  <th scope="col" key={c.channel} className={css.channelHeader}>
                    {t(c.name)}
                    {!preferences[c.master] ? (
                      <span className={css.headerNote}>{t(m.off)}</span>
                    ) : (
                      c.channel === 'push' && pushNote !== null && <span className={css.headerNote}>{t(m.noDevice)}</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={css.matrixBody}>
              {rows.map((row) => {
                const covers = coversLine(translator, row)
                const { name, description } = categoryWords(t, row)
                return (
                  <tr key={row.id} className={css.matrixRow} data-category={row.id}>
                    <th scope="row" className={css.categoryCell}>
                      <Switch
                        label={name}
                        description={
                          <>
                            {description}
                            {covers && <span className={css.covers}>{covers}</span>}
                          </>
                        }
                        isSelected={row.enabled}
                        onChange={() => actor.send({ type: 'preferences.toggleCategory', id: row.id })}
                        isDisabled={isDisabled}
                      />
                    </th>
                    <td className={css.channelCell}>
                      {/* Not a control that pretends: ticked, disabled, and described by why. */}
                      <Checkbox
                        aria-label={t(m.inAppFor, { category: name })}
                        isSelected
                        isDisabled
                        description={<VisuallyHidden>{t(IN_APP_ALWAYS_ON)}</VisuallyHidden>}
                      >
                        <span className={css.stackedName} aria-hidden="true">
                          {t(m.inApp)}
                        </span>
                      </Checkbox>
                    </td>
                    {MATRIX_CHANNELS.map((c) => {
                      const reason = !preferences[c.master]
                        ? t(c.masterOff)
                        : !row.enabled
                          ? t(m.categoryOff, { category: name })
                          : c.channel === 'push' && pushNote !== null
                            ? pushNote
                            : null
                      return (
                        <td key={c.channel} className={css.channelCell}>
                          {/* A waiting box shows what is sent (nothing); the saved choice returns with the box. */}
                          <Checkbox
                            aria-label={t(c.boxFor, { category: name })}
                            isSelected={reason === null && row.channels[c.channel]}
                            onChange={() => actor.send({ type: 'preferences.toggleChannel', id: row.id, channel: c.channel })}
                            isDisabled={isDisabled || reason !== null}
                            description={reason === null ? undefined : <VisuallyHidden>{reason}</VisuallyHidden>}
                          >
                            <span className={css.stackedName} aria-hidden="true">
                              {t(c.name)}
                            </span>
                          </Checkbox>
                        </td>
                      )
                    })}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      </div>
    </>
  )
}

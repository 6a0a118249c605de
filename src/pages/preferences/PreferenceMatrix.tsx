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
import type { NotificationPreferences, PreferenceChannel } from '../../../contract/notifications.ts'
import type { PreferencesMachine } from '../../../machines/preferences/preferences.machine.ts'
import type { PushPermissionMachine } from '../../../machines/pushPermission/pushPermission.machine.ts'
import { PUSH_TEXT, selectCanEnable, selectPushBusy, selectPushReachesYou, selectPushStatus } from '../../../machines/pushPermission/pushPermission.selectors.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { type MatrixRow, selectMatrixRows } from '../../../machines/preferences/preferences.selectors.ts'
import { Checkbox } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import * as css from '../NotificationSettingsPage.css.ts'

/** Why the In-app box cannot be cleared. */
export const IN_APP_ALWAYS_ON = 'Always on: every notification is listed in your inbox.'

/** The lead line over the matrix (ours). */
export const MATRIX_LEAD = 'Choose where each kind of notification reaches you. In-app is always on: every notification is listed in your inbox.'

/** The channels with a box per category: their column name and master switch. */
export const MATRIX_CHANNELS = [
  { channel: 'push', name: 'Push', master: 'push_enabled', masterLabel: 'Browser push notifications' },
  { channel: 'email', name: 'Email', master: 'email_enabled', masterLabel: 'Email notifications' },
] as const satisfies ReadonlyArray<{ channel: PreferenceChannel; name: string; master: keyof NotificationPreferences; masterLabel: string }>

/** The note shown while a channel's master switch is off (ours). */
export function masterOffNote(c: (typeof MATRIX_CHANNELS)[number]): string {
  return `${c.masterLabel} are off, so the ${c.name} column waits. Turn them on under Delivery to choose per category.`
}

/** Why the Push column waits while no device of this person receives push (ours). */
export const PUSH_NO_DEVICE = 'No device of yours receives push notifications yet, so the Push column waits.'

/** The Push column's note while no device receives push: why, and what this device can do about it. */
export function pushNoDeviceNote(status: ReturnType<typeof selectPushStatus>): string {
  if (status === 'denied') return `${PUSH_NO_DEVICE} ${PUSH_TEXT.denied}`
  if (status === 'unsupported' || status === 'inactive') return `${PUSH_NO_DEVICE} ${PUSH_TEXT.unsupported} Turn push on from a browser that supports it.`
  return `${PUSH_NO_DEVICE} Turn on push for this device to choose per category.`
}

/** "Covers: Messages, Alerts" for a category's notification categories, or null when it covers none. */
export function coversLine(row: Pick<MatrixRow, 'covers'>): string | null {
  return row.covers.length === 0 ? null : `Covers: ${row.covers.join(', ')}`
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
  const push = pushActor ?? undefined
  const pushReaches = useSelector(push, (s) => (s === undefined ? true : selectPushReachesYou(s)))
  const pushStatus = useSelector(push, (s) => (s === undefined ? null : selectPushStatus(s)))
  const canEnablePush = useSelector(push, (s) => (s === undefined ? false : selectCanEnable(s)))
  const pushBusy = useSelector(push, (s) => (s === undefined ? false : selectPushBusy(s)))
  const masterOff = MATRIX_CHANNELS.filter((c) => !preferences[c.master])
  // Only when the master switch is on: otherwise its own note already says why the column waits.
  const pushNote = preferences.push_enabled && !pushReaches && pushStatus !== null ? pushNoDeviceNote(pushStatus) : null
  return (
    <>
      <p className={css.note}>{MATRIX_LEAD}</p>
      {masterOff.map((c) => (
        <p key={c.channel} className={css.masterNote} data-channel={c.channel}>
          {masterOffNote(c)}
        </p>
      ))}
      {pushNote !== null && (
        <div className={css.masterNote} data-channel="push">
          <p className={css.pushNoteText}>{pushNote}</p>
          {(canEnablePush || pushBusy) && (
            <Button size="sm" onPress={() => pushActor?.send({ type: 'push.enable' })} isPending={pushBusy}>
              Turn on push for this device
            </Button>
          )}
        </div>
      )}
      <div className={css.matrixHost}>
        <div className={css.matrixFrame}>
          <table className={css.matrix} aria-label="Categories and channels">
            <thead className={css.matrixHead}>
              <tr>
                <th scope="col" className={css.categoryHeader}>
                  Category
                </th>
                <th scope="col" className={css.channelHeader}>
                  In-app
                  <span className={css.headerNote}>Always on</span>
                </th>
                {MATRIX_CHANNELS.map((c) => (
                  <th scope="col" key={c.channel} className={css.channelHeader}>
                    {c.name}
                    {!preferences[c.master] ? (
                      <span className={css.headerNote}>Off</span>
                    ) : (
                      c.channel === 'push' && pushNote !== null && <span className={css.headerNote}>No device</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={css.matrixBody}>
              {rows.map((row) => {
                const covers = coversLine(row)
                return (
                  <tr key={row.id} className={css.matrixRow} data-category={row.id}>
                    <th scope="row" className={css.categoryCell}>
                      <Switch
                        label={row.name}
                        description={
                          <>
                            {row.description}
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
                        aria-label={`In-app for ${row.name}`}
                        isSelected
                        isDisabled
                        description={<VisuallyHidden>{IN_APP_ALWAYS_ON}</VisuallyHidden>}
                      >
                        <span className={css.stackedName} aria-hidden="true">
                          In-app
                        </span>
                      </Checkbox>
                    </td>
                    {MATRIX_CHANNELS.map((c) => {
                      const reason = !preferences[c.master]
                        ? masterOffNote(c)
                        : !row.enabled
                          ? `${row.name} is off; turn it on to choose its channels. Your choice is kept.`
                          : c.channel === 'push' && pushNote !== null
                            ? pushNote
                            : null
                      return (
                        <td key={c.channel} className={css.channelCell}>
                          {/* A waiting box shows what is sent (nothing); the saved choice returns with the box. */}
                          <Checkbox
                            aria-label={`${c.name} for ${row.name}`}
                            isSelected={reason === null && row.channels[c.channel]}
                            onChange={() => actor.send({ type: 'preferences.toggleChannel', id: row.id, channel: c.channel })}
                            isDisabled={isDisabled || reason !== null}
                            description={reason === null ? undefined : <VisuallyHidden>{reason}</VisuallyHidden>}
                          >
                            <span className={css.stackedName} aria-hidden="true">
                              {c.name}
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

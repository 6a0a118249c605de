/**
 * The push section of the notification settings (SPEC.md §4 Push permission, §7 web-push calls):
 * what push is doing on this device, turning it on or off here, 'Send test notification', and
 * this user's devices in the workspace. Reads the `push` actor of the root system (or any actor
 * of the machine, in stories) and only sends events.
 */
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { PushPermissionMachine } from '../../../machines/pushPermission/pushPermission.machine.ts'
import {
  PUSH_TEXT,
  selectCanDisable,
  selectCanEnable,
  selectCanTest,
  selectDeviceId,
  selectDevices,
  selectDevicesFailed,
  selectLastTest,
  selectPushBusy,
  selectPushMessage,
  selectPushStatus,
  selectTestSending,
} from '../../../machines/pushPermission/pushPermission.selectors.ts'
import { Button } from '../primitives/Button/Button.tsx'
import * as css from './PushSettings.css.ts'

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

export function PushSettings({ actor }: { actor: ActorRefFrom<PushPermissionMachine> }) {
  const status = useSelector(actor, selectPushStatus)
  const message = useSelector(actor, selectPushMessage)
  const canEnable = useSelector(actor, selectCanEnable)
  const canDisable = useSelector(actor, selectCanDisable)
  const busy = useSelector(actor, selectPushBusy)
  const canTest = useSelector(actor, selectCanTest)
  const testSending = useSelector(actor, selectTestSending)
  const lastTest = useSelector(actor, selectLastTest)
  const devices = useSelector(actor, selectDevices)
  const devicesFailed = useSelector(actor, selectDevicesFailed)
  const deviceId = useSelector(actor, selectDeviceId)

  // The list changes when this device subscribes or unsubscribes: reload it then.
  useEffect(() => {
    if (!busy) actor.send({ type: 'push.loadDevices' })
  }, [actor, status, busy])

  return (
    <section aria-labelledby="push-settings-heading" className={css.card}>
      <h3 id="push-settings-heading" className={css.heading} style={{ marginTop: 0 }}>
        Push on this device
      </h3>
      <p className={css.status} role="status" data-push-status={status}>
        {message}
      </p>
      <div className={css.buttons}>
        {canDisable || status === 'unsubscribing' ? (
          <Button variant="secondary" onPress={() => actor.send({ type: 'push.disable' })} isPending={busy}>
            Turn off push notifications
          </Button>
        ) : (
          (canEnable || busy) && (
            <Button onPress={() => actor.send({ type: 'push.enable' })} isPending={busy}>
              Turn on push notifications
            </Button>
          )
        )}
        {canTest && (
          <Button variant="secondary" onPress={() => actor.send({ type: 'push.test' })} isPending={testSending}>
            Send test notification
          </Button>
        )}
      </div>
      {lastTest !== null && (
        <p className={css.note} role="status">
          {lastTest === 'sent' ? PUSH_TEXT.testSent : PUSH_TEXT.testLocal}
        </p>
      )}
      <h3 className={css.heading}>Your devices</h3>
      {devicesFailed && <p className={css.note}>{PUSH_TEXT.devicesFailed}</p>}
      {devices !== null && devices.length === 0 && <p className={css.note}>{PUSH_TEXT.noDevices}</p>}
      {devices !== null && devices.length > 0 && (
        <ul className={css.devices} aria-label="Your devices">
          {devices.map((d) => (
            <li key={d.deviceIdentifier} className={css.device}>
              <span className={css.deviceName}>
                {d.browser} on {d.os}
                {d.deviceIdentifier === deviceId ? ' (this device)' : ''}
              </span>
              <span className={css.deviceMeta}>
                {d.device_type}
                {d.isCurrentlyActive ? ' · in use now' : ''} · since {dateFormat.format(new Date(d.createdAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

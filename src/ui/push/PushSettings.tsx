/**
 * The push section of the notification settings (SPEC.md §4 Push permission, §7 web-push calls):
 * what push is doing on this device, turning it on or off here, 'Send test notification', and
 * this user's devices in the workspace. Reads the `push` actor of the root system (or any actor
 * of the machine, in stories) and only sends events.
 */
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { PushDevice } from '../../../contract/push.ts'
import type { PushPermissionMachine } from '../../../machines/pushPermission/pushPermission.machine.ts'
import { pushSettingsMessages as m } from '../../../machines/pushPermission/pushPermission.messages.ts'
import {
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
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { Button } from '../primitives/Button/Button.tsx'
import * as css from './PushSettings.css.ts'

/** SPEC §3's device types in the reader's language; any other is shown as the server names it. */
const DEVICE_TYPES: Readonly<Record<string, MessageDescriptor>> = { tablet: m.deviceTablet, mobile: m.deviceMobile, desktop: m.deviceDesktop }

/** "desktop · in use now · since Nov 27, 2026, 9:00 AM". */
function deviceMeta(translator: Translator, d: PushDevice): string {
  const type = DEVICE_TYPES[d.device_type]
  const parts = [type ? translator.t(type) : d.device_type]
  if (d.isCurrentlyActive) parts.push(translator.t(m.inUseNow))
  parts.push(translator.t(m.since, { date: translator.date(d.createdAt, { dateStyle: 'medium', timeStyle: 'short' }) }))
  return parts.join(' · ')
}

export function PushSettings({ actor }: { actor: ActorRefFrom<PushPermissionMachine> }) {
  const translator = useTranslator()
  const { t } = translator
  const status = useSelector(actor, selectPushStatus)
  const message = useSelector(actor, (s) => translator.text(selectPushMessage(s)))
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
        {t(m.heading)}
      </h3>
      <p className={css.status} role="status" data-push-status={status}>
        {message}
      </p>
      <div className={css.buttons}>
        {canDisable || status === 'unsubscribing' ? (
          <Button variant="secondary" onPress={() => actor.send({ type: 'push.disable' })} isPending={busy}>
            {t(m.turnOff)}
          </Button>
        ) : (
          (canEnable || busy) && (
            <Button onPress={() => actor.send({ type: 'push.enable' })} isPending={busy}>
              {t(m.turnOn)}
            </Button>
          )
        )}
        {canTest && (
          <Button variant="secondary" onPress={() => actor.send({ type: 'push.test' })} isPending={testSending}>
            {t(m.sendTest)}
          </Button>
        )}
      </div>
      {lastTest !== null && (
        <p className={css.note} role="status">
          {t(lastTest === 'sent' ? m.testSent : m.testLocal)}
        </p>
      )}
      <h3 className={css.heading}>{t(m.yourDevices)}</h3>
      {devicesFailed && <p className={css.note}>{t(m.devicesFailed)}</p>}
      {devices !== null && devices.length === 0 && <p className={css.note}>{t(m.noDevices)}</p>}
      {devices !== null && devices.length > 0 && (
        <ul className={css.devices} aria-label={t(m.yourDevices)}>
          {devices.map((d) => (
            <li key={d.deviceIdentifier} className={css.device}>
              <span className={css.deviceName}>{t(d.deviceIdentifier === deviceId ? m.thisDevice : m.device, { browser: d.browser, os: d.os })}</span>
              <span className={css.deviceMeta}>{deviceMeta(translator, d)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

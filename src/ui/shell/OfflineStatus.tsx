/**
 * The shell's 'You're offline' status: while the browser is
 * offline, a strip under the header says so and that what shows was saved on this device (the
 * service worker's precached shell and kept reads, src/sw). It reads the connectivity actor
 * (src/system/connectivity.ts; stories pass their own). The live region is always mounted, so
 * screen readers announce the change both ways.
 */
import type { ActorRefFrom } from 'xstate'
import type { ConnectivityMachine } from '../../../machines/connectivity/connectivity.machine.ts'
import { useOffline } from '../../system/connectivity.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { offlineMessages as m } from './offline.messages.ts'
import * as css from './OfflineStatus.css.ts'

export function OfflineStatus({ actor }: { actor?: ActorRefFrom<ConnectivityMachine> }) {
  const offline = useOffline(actor)
  const { t } = useTranslator()
  return (
    <div role="status">
      {offline && (
        <p className={css.strip}>
          <span className={css.title}>{t(m.status)}</span>
          <span className={css.detail}>{t(m.detail)}</span>
        </p>
      )}
    </div>
  )
}

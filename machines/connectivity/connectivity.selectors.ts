/** Narrow reads of the connectivity machine for the shell and the actions that need the server. */
import type { SnapshotFrom } from 'xstate'
import type { ConnectivityMachine } from './connectivity.machine.ts'

export type ConnectivitySnapshot = SnapshotFrom<ConnectivityMachine>

/** True while the browser is offline. */
export function selectOffline(s: ConnectivitySnapshot): boolean {
  return s.matches('offline')
}

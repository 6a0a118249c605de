/**
 * The shell's actions that need the server, disabled while the browser is offline (the offline
 * app shell): the shell reads the connectivity actor once and hands the reason down; a
 * notification row's buttons and the bulk actions read it from here. Outside a shell (tests,
 * stories of a part) nothing is disabled.
 */
import { type ReactNode, createContext, useContext } from 'react'
import { useTranslator } from '../../i18n/react.tsx'
import { useOffline } from '../../system/connectivity.ts'
import { offlineMessages as m } from './offline.messages.ts'

const NeedsConnectionContext = createContext<string | null>(null)

/** Provides the reason ("Needs a connection…") while offline, null while online. */
export function NeedsConnection({ children }: { children: ReactNode }) {
  const offline = useOffline()
  const { t } = useTranslator()
  return <NeedsConnectionContext value={offline ? t(m.needsConnection) : null}>{children}</NeedsConnectionContext>
}

/** Why actions that need the server are disabled now, or null when they are not. */
export function useNeedsConnection(): string | null {
  return useContext(NeedsConnectionContext)
}

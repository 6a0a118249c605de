/**
 * One listener for machines of the root system that follow the auth actor (permissions,
 * workspaces, credits): it subscribes to the system's `auth` actor, maps each snapshot to what the
 * machine cares about, and sends `auth.changed` with it only when that changes. Snapshots the
 * mapper answers `undefined` for (e.g. while verifying) are skipped.
 */
import { fromCallback } from 'xstate'
import type { AuthContext } from '../auth/auth.machine.ts'
import { SystemId } from './system-ids.ts'

/** The part of the auth snapshot followers read (structural: no dependency on the auth actor's type). */
export interface AuthSnapshotLike {
  readonly value: unknown
  readonly context: Pick<AuthContext, 'user' | 'currentOrg' | 'orgId'>
}

/** The auth actor as followers use it (structural). */
export interface AuthLike {
  getSnapshot(): AuthSnapshotLike
  subscribe(observer: (s: AuthSnapshotLike) => void): { unsubscribe(): void }
}

/** Sends `auth.changed` with `map(snapshot)` now and whenever it changes; returns the unsubscribe. */
function reportChanges<T extends object>(auth: AuthLike, map: (s: AuthSnapshotLike) => T | undefined, sendBack: (event: { type: string }) => void): () => void {
  let last: string | undefined
  const report = (s: AuthSnapshotLike) => {
    const next = map(s)
    if (next === undefined) return
    const key = JSON.stringify(next)
    if (key === last) return
    last = key
    sendBack({ type: 'auth.changed', ...next })
  }
  report(auth.getSnapshot())
  const sub = auth.subscribe(report)
  return () => sub.unsubscribe()
}

/**
 * A `fromCallback` actor logic that reports `{ type: 'auth.changed', ...map(snapshot) }`.
 * Run alone (tests without an auth actor) it reports nothing.
 */
export function followAuth<T extends object>(map: (s: AuthSnapshotLike) => T | undefined) {
  return fromCallback<{ type: string }>(({ sendBack, system }) => {
    const auth: AuthLike | undefined = system.get(SystemId.auth)
    if (!auth) return
    return reportChanges(auth, map, sendBack)
  })
}

/** {@link followAuth} for an actor outside the root system (a page's own actor), given the auth actor. */
export function followGivenAuth<T extends object>(auth: AuthLike, map: (s: AuthSnapshotLike) => T | undefined) {
  return fromCallback<{ type: string }>(({ sendBack }) => reportChanges(auth, map, sendBack))
}

/**
 * The org a follower's data belongs to for an auth snapshot: the current org when authenticated,
 * null when signed out or while a switch to another org is being verified, and `undefined` (no
 * change) while the same org is re-verified (the waitlist page's checks, completing sign-up, a
 * two-factor change), so those checks neither drop nor refetch what the follower holds,
 * and the page that asked for the check is not replaced by a splash meanwhile.
 */
export function followedOrgOf(s: { value: unknown; context: { orgId: string | null; currentOrg: { org_id: string } | null } }): string | null | undefined {
  const current = s.context.currentOrg
  if (s.value === 'authenticated') return current?.org_id ?? null
  if (s.value === 'verifying' && current !== null && s.context.orgId === current.org_id) return undefined
  return null
}

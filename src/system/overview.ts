/**
 * The overview machine's browser side (machines/overview, /app/dashboard): its call
 * `GET /api/overview`, the checklist's dismissal in localStorage (per person and workspace),
 * window focus as `overview.focused`, and the auth actor it follows.
 *
 * The page runs its own actor (`useOverviewActor`), outside the root system, so its `watchAuth`
 * subscribes to the auth actor handed to it rather than to the system's `auth` actor: the same mapping
 * as the machine's default (the followed org and the person), the same "report only changes".
 */
import { useActorRef } from '@xstate/react'
import { fromCallback, fromPromise } from 'xstate'
import { type AuthLike, followGivenAuth, followedOrgOf } from '../../machines/shared/follow-auth.ts'
import { type OverviewEvent, overviewMachine } from '../../machines/overview/overview.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { EventTargetLike } from '../platform/window-events.ts'
import { useApi } from './api.tsx'
import { domEventsActor } from './listeners.ts'
import { useAuthActor } from './react.tsx'

/** The localStorage key remembering that `userId` dismissed the checklist in `orgId`. */
export const checklistDismissedKey = (userId: string, orgId: string) => `engage.overview.checklistDismissed.${userId}.${orgId}`

/** The part of `Storage` used here (tests pass a Map-backed one). */
export type DismissalStorage = Pick<Storage, 'getItem' | 'setItem'>

/** A `watchAuth` following `auth` directly: `auth.changed` with the followed org and person, only on change. */
export function followAuthActor(auth: AuthLike) {
  return followGivenAuth(auth, (s) => {
    const orgId = followedOrgOf(s)
    return orgId === undefined ? undefined : { orgId, userId: s.context.user?._id ?? null }
  })
}

/** Reads a flag, treating a storage that throws (private mode, disabled) as "not dismissed". */
function readFlag(storage: DismissalStorage | undefined, key: string): boolean {
  try {
    return storage?.getItem(key) === '1'
  } catch {
    return false
  }
}

export interface BrowserOverviewOptions {
  readonly api: Pick<Endpoints, 'overview'>
  readonly auth: AuthLike
  /** Where dismissals are kept; none: never remembered. */
  readonly storage?: DismissalStorage
  /** The window whose focus refreshes the facts; none (tests): no refresh on focus. */
  readonly window?: EventTargetLike
}

/** The overview machine with its HTTP call, storage, focus listener and auth follower. */
export function browserOverview({ api, auth, storage, window: win }: BrowserOverviewOptions) {
  return overviewMachine.provide({
    actors: {
      loadOverview: fromPromise(async ({ input }) => ({
        overview: await api.overview(),
        checklistDismissed: readFlag(storage, checklistDismissedKey(input.userId, input.orgId)),
      })),
      watchAuth: followAuthActor(auth),
      ...(win ? { focusListener: domEventsActor<OverviewEvent>(win, ['focus'], () => ({ type: 'overview.focused' })) } : {}),
    },
    actions: {
      storeDismissal: (_, params) => {
        if (params.orgId === null || params.userId === null) return
        try {
          storage?.setItem(checklistDismissedKey(params.userId, params.orgId), '1')
        } catch {
          // A storage that refuses writes: the checklist is dismissed for this visit only.
        }
      },
    },
  })
}

/** An overview actor for the Overview page's lifetime. */
export function useOverviewActor() {
  const api = useApi()
  const auth = useAuthActor()
  return useActorRef(
    browserOverview({
      api,
      auth,
      storage: typeof localStorage === 'undefined' ? undefined : localStorage,
      window: typeof window === 'undefined' ? undefined : window,
    }),
  )
}

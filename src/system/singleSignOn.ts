/**
 * The singleSignOn machine's browser side (machines/singleSignOn; Workspace Settings › Single
 * sign-on): its HTTP actors on the API (`/organizations/sso*`, bearer + x-org-id; saving and
 * removing go through the client's 'Confirm it's you', src/api/reverification.ts) and its
 * outcomes as toasts.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { singleSignOnMachine } from '../../machines/singleSignOn/singleSignOn.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'

/** Toasts of the outcomes (ours). */
export const SSO_SAVED_MESSAGE = 'Single sign-on saved'
export const SSO_REMOVED_MESSAGE = 'Single sign-on removed'

/** The singleSignOn machine with its HTTP actors. */
export function browserSingleSignOn(api: Endpoints) {
  return singleSignOnMachine.provide({
    actors: {
      loadSettings: fromPromise(() => api.sso.settings()),
      saveSettings: fromPromise(({ input }) => api.sso.save(input)),
      removeSettings: fromPromise(async () => {
        await api.sso.remove()
      }),
      testConnection: fromPromise(({ input }) => api.sso.test(input)),
    },
  })
}

/** A singleSignOn actor for the section's lifetime (one workspace: the page remounts it on a switch). */
export function useSingleSignOnActor() {
  const api = useApi()
  const actor = useActorRef(browserSingleSignOn(api))
  useOutcomeToasts(actor, {
    'singleSignOn.saved': ['success', SSO_SAVED_MESSAGE],
    'singleSignOn.removed': ['success', SSO_REMOVED_MESSAGE],
  })
  return actor
}

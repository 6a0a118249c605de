/**
 * The singleSignOn machine's browser side (machines/singleSignOn; Workspace Settings › Single
 * sign-on): its HTTP actors on the API (`/organizations/sso*`, bearer + x-org-id; saving and
 * removing go through the client's 'Confirm it's you', src/api/reverification.ts) and its
 * outcomes as toasts.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { singleSignOnMachine } from '../../machines/singleSignOn/singleSignOn.machine.ts'
import { ssoSettingsMessages } from '../../machines/singleSignOn/singleSignOn.messages.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'

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
  const { t } = useTranslator()
  useOutcomeToasts(actor, {
    'singleSignOn.saved': ['success', () => t(ssoSettingsMessages.savedToast)],
    'singleSignOn.removed': ['success', () => t(ssoSettingsMessages.removedToast)],
  })
  return actor
}

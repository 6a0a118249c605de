/**
 * The twoFactor machine's browser side (machines/twoFactor; Profile Settings ›
 * Security): its HTTP actors on the API (bearer + x-org-id) and its outcomes as toasts. Once the
 * person's second factor is turned on or off, the session is verified again: verify-token's
 * `two_factor_required_setup` lifts (or brings back) the notice of a workspace that requires it.
 */
import { useActorRef } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import {
  TWO_FACTOR_CODES_MESSAGE,
  TWO_FACTOR_DISABLED_MESSAGE,
  TWO_FACTOR_ENABLED_MESSAGE,
  twoFactorMachine,
} from '../../machines/twoFactor/twoFactor.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'
import { useOptionalAuthActor } from './react.tsx'

/** The parts of a twoFactor actor {@link reverifyAfterTwoFactorChange} watches. */
interface TwoFactorLike {
  on(type: 'twoFactor.enabled' | 'twoFactor.disabled', handler: () => void): { unsubscribe(): void }
  subscribe(observer: (s: { matches(state: 'codes'): boolean }) => void): { unsubscribe(): void }
}

/**
 * Asks for the session to be verified again (`verify`) after the person's second
 * factor changed. Turned off: at once. Turned on: once the recovery codes are put away ('I saved
 * them', or the tab closes), because a re-verification reloads the permissions and with them the
 * page, and the codes are shown only once. Returns the teardown, which verifies if still owed.
 */
export function reverifyAfterTwoFactorChange(actor: TwoFactorLike, verify: () => void): () => void {
  let owed = false
  const settle = () => {
    if (!owed) return
    owed = false
    verify()
  }
  const enabled = actor.on('twoFactor.enabled', () => {
    owed = true
  })
  const disabled = actor.on('twoFactor.disabled', verify)
  const state = actor.subscribe((s) => {
    if (!s.matches('codes')) settle()
  })
  return () => {
    enabled.unsubscribe()
    disabled.unsubscribe()
    state.unsubscribe()
    settle()
  }
}

/** The twoFactor machine with its HTTP actors. */
export function browserTwoFactor(api: Endpoints) {
  return twoFactorMachine.provide({
    actors: {
      loadStatus: fromPromise(() => api.twoFactorStatus()),
      enrol: fromPromise(() => api.enrolTwoFactor()),
      confirm: fromPromise(({ input }) => api.confirmTwoFactor(input)),
      regenerateCodes: fromPromise(({ input }) => api.regenerateRecoveryCodes(input)),
      disable: fromPromise(({ input }) => api.disableTwoFactor(input)),
    },
  })
}

/** A twoFactor actor for the Security tab's lifetime. */
export function useTwoFactorActor() {
  const api = useApi()
  const auth = useOptionalAuthActor()
  const actor = useActorRef(browserTwoFactor(api))
  useEffect(() => (auth ? reverifyAfterTwoFactorChange(actor, () => auth.send({ type: 'auth.verify', userInitiated: false })) : undefined), [actor, auth])
  const { text } = useTranslator()
  useOutcomeToasts(actor, {
    'twoFactor.enabled': ['success', () => text(TWO_FACTOR_ENABLED_MESSAGE)],
    'twoFactor.disabled': ['success', () => text(TWO_FACTOR_DISABLED_MESSAGE)],
    'twoFactor.codesRegenerated': ['success', () => text(TWO_FACTOR_CODES_MESSAGE)],
    'twoFactor.enrolFailed': ['error', (e) => e.message],
  })
  return actor
}

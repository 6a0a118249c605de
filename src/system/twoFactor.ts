/**
 * The twoFactor machine's browser side (machines/twoFactor; issue #19, Profile Settings ›
 * Security): its HTTP actors on the API (bearer + x-org-id) and its outcomes as toasts. Once the
 * person's second factor is turned on or off, the session is verified again: verify-token's
 * `two_factor_required_setup` lifts (or brings back) the notice of a workspace that requires it.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise, waitFor } from 'xstate'
import {
  TWO_FACTOR_CODES_MESSAGE,
  TWO_FACTOR_DISABLED_MESSAGE,
  TWO_FACTOR_ENABLED_MESSAGE,
  twoFactorMachine,
} from '../../machines/twoFactor/twoFactor.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { type AuthActor, type PermissionsActor, useOptionalAuthActor, useOptionalPermissionsActor } from './react.tsx'

/** How long the re-verification waits for permissions refused before set-up to load again (ms). */
export const PERMISSIONS_RELOAD_WAIT_MS = 10_000

/**
 * Issue #19: verifies the session again after the person's second factor changed. Permissions
 * the server refused while set-up was pending (403 `two_factor_required`, the permissions actor
 * `failed`) are loaded first: were the notice lifted before them, Profile Settings would give way
 * to the permissions' error panel and the new recovery codes would leave the screen.
 */
export async function reverifyAfterTwoFactorChange(auth: AuthActor | null, permissions: PermissionsActor | null): Promise<void> {
  if (permissions?.getSnapshot().matches('failed')) {
    permissions.send({ type: 'permissions.retry' })
    await waitFor(permissions, (s) => !s.matches('loading'), { timeout: PERMISSIONS_RELOAD_WAIT_MS }).catch(() => undefined)
  }
  auth?.send({ type: 'auth.verify', userInitiated: false })
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
  const permissions = useOptionalPermissionsActor()
  const actor = useActorRef(browserTwoFactor(api))
  useEmitted(actor, {
    'twoFactor.enabled': () => void reverifyAfterTwoFactorChange(auth, permissions),
    'twoFactor.disabled': () => void reverifyAfterTwoFactorChange(auth, permissions),
  })
  useOutcomeToasts(actor, {
    'twoFactor.enabled': ['success', TWO_FACTOR_ENABLED_MESSAGE],
    'twoFactor.disabled': ['success', TWO_FACTOR_DISABLED_MESSAGE],
    'twoFactor.codesRegenerated': ['success', TWO_FACTOR_CODES_MESSAGE],
    'twoFactor.enrolFailed': ['error', (e) => e.message],
  })
  return actor
}

/**
 * The profileSettings machine's browser side (machines/profileSettings; the Profile tab of
 * /app/setting/profile-settings): save, avatar upload through the presigned flow
 * (src/api/uploads.ts), password change, and the outcomes: toasts, a re-verification (the header
 * shows the new name and avatar), and the new token pair for this session after a password change.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { User } from '../../contract/api.ts'
import { findSystemActor } from '../../machines/app/app.system.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import { PASSWORD_CHANGED_MESSAGE, PROFILE_SAVED_MESSAGE, profileSettingsMachine } from '../../machines/profileSettings/profileSettings.machine.ts'
import { toStoredTokens } from '../../machines/token/token.policy.ts'
import { createImageUploader } from '../api/uploads.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { useAuthActor } from './react.tsx'

/** A profileSettings actor for the tab's lifetime, for `user` as the server last answered. */
export function useProfileSettingsActor(user: User) {
  const api = useApi()
  const auth = useAuthActor()
  const actor = useActorRef(
    profileSettingsMachine.provide({
      actors: {
        saveProfile: fromPromise(async ({ input }) => (await api.updateProfile(input)).user),
        uploadAvatar: fromPromise(({ input }) => createImageUploader({ getPresignedUrl: api.getPresignedUrl })(input.file)),
        changePassword: fromPromise(({ input }) => api.changePassword(input)),
      },
      actions: {
        // The server revoked every refresh token it had issued to this person: this session goes on with the new pair.
        adoptTokens: (_, params) =>
          findSystemActor(auth.system, SystemId.token)?.send({ type: 'token.set', tokens: toStoredTokens(params.tokens, Date.now()) }),
      },
    }),
    { input: { user } },
  )
  const { text } = useTranslator()
  useOutcomeToasts(actor, {
    'profile.saved': ['success', () => text(PROFILE_SAVED_MESSAGE)],
    'profile.saveFailed': ['error', (e) => e.message],
    'profile.passwordChanged': ['success', () => text(PASSWORD_CHANGED_MESSAGE)],
    'profile.passwordFailed': ['error', (e) => e.message],
  })
  useEmitted(actor, { 'profile.saved': () => auth.send({ type: 'auth.verify', userInitiated: false }) })
  return actor
}

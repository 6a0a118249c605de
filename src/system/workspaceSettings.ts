/**
 * The workspaceSettings machine's browser side (machines/workspaceSettings; SPEC §2.4, §8): the
 * rename call, and its outcomes: a toast, a re-verification of the session (the header's name
 * comes from verify-token) and a refetch of the workspace list. The two-factor
 * requirement's call: once saved, the session is verified again so the auth snapshot's
 * `require_two_factor` (and the caller's own `two_factor_required_setup`) follow.
 */
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import type { Language } from '../../contract/api.ts'
import { LANGUAGE_SAVED_MESSAGE, REQUIREMENT_SAVED_MESSAGES, WORKSPACE_RENAMED_MESSAGE, workspaceSettingsMachine } from '../../machines/workspaceSettings/workspaceSettings.machine.ts'
import { useTranslator } from '../i18n/react.tsx'
import { useApi } from './api.tsx'
import { useEmitted, useOutcomeToasts } from './outcomes.ts'
import { useAuthActor, useOptionalWorkspacesActor } from './react.tsx'

/**
 * A workspaceSettings actor for the form's lifetime, starting from the workspace's `name`,
 * whether it requires two-factor authentication (`requireTwoFactor`) and its default language
 * (`defaultLanguage`), all from verify-token.
 */
export function useWorkspaceSettingsActor(name: string, requireTwoFactor = false, defaultLanguage: Language | null = null) {
  const api = useApi()
  const auth = useAuthActor()
  const workspaces = useOptionalWorkspacesActor()
  const actor = useActorRef(
    workspaceSettingsMachine.provide({
      actors: {
        renameWorkspace: fromPromise(({ input }) => api.renameWorkspace(input.org_name)),
        setRequirement: fromPromise(({ input }) => api.setRequireTwoFactor(input.required)),
        setDefaultLanguage: fromPromise(({ input }) => api.setDefaultLanguage(input.language)),
      },
    }),
    { input: { name, requireTwoFactor, defaultLanguage } },
  )
  const { text } = useTranslator()
  useOutcomeToasts(actor, {
    'workspaceSettings.renamed': ['success', () => text(WORKSPACE_RENAMED_MESSAGE)],
    'workspaceSettings.failed': ['error', (e) => e.message],
    // A toast, not a line beside the switch: the re-verification that follows reloads the page.
    'workspaceSettings.requirementSaved': ['success', (e) => text(REQUIREMENT_SAVED_MESSAGES[e.required ? 'on' : 'off'])],
    'workspaceSettings.languageSaved': ['success', LANGUAGE_SAVED_MESSAGE],
  })
  useEmitted(actor, {
    'workspaceSettings.renamed': () => {
      auth.send({ type: 'auth.verify', userInitiated: false })
      workspaces?.send({ type: 'workspaces.invalidate' })
    },
    // The session catches up (the auth snapshot's `require_two_factor`).
    'workspaceSettings.requirementSaved': () => auth.send({ type: 'auth.verify', userInitiated: false }),
    // The session's copy (verify-token's `default_language`) follows.
    'workspaceSettings.languageSaved': () => auth.send({ type: 'auth.verify', userInitiated: false }),
  })
  return actor
}

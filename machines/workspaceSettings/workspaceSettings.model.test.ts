import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { Language, WorkspaceItem } from '../../contract/api.ts'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { acmeItem } from '../workspaces/workspaces.fixtures.ts'
import { type WorkspaceSettingsEmitted, workspaceSettingsMachine } from './workspaceSettings.machine.ts'
import {
  selectDefaultLanguage,
  selectIsSaving,
  selectIsSavingRequirement,
  selectLanguageError,
  selectRequireTwoFactor,
  selectRequirementError,
} from './workspaceSettings.selectors.ts'

/** The server's 409 when the caller has no second factor of their own. */
const conflict = Object.assign(apiError(409, 'conflict', TWO_FACTOR_MESSAGES.adminWithoutTwoFactor), {
  issues: [{ path: ['require_two_factor'], message: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor }],
})
const renamed: WorkspaceItem = { ...acmeItem, org_name: 'Acme Care' }

describe('workspaceSettings (model)', () => {
  it('walks every transition on a real actor; only a valid, trimmed name is sent, one requirement change at a time', async () => {
    const result = await walkEveryTransition({
      machine: workspaceSettingsMachine,
      input: { name: 'Acme Support' },
      events: [
        { type: 'workspaceSettings.changeName', value: '  Acme Care ' },
        { type: 'workspaceSettings.changeName', value: '   ' },
        { type: 'workspaceSettings.submit' },
        { type: 'xstate.done.actor.renameWorkspace', output: renamed },
        { type: 'xstate.error.actor.renameWorkspace', error: apiError(403, 'forbidden', 'You need the Edit permission on Organizations to do this.') },
        { type: 'workspaceSettings.setRequirement', required: true },
        { type: 'xstate.done.actor.setRequirement', output: { ...acmeItem, require_two_factor: true } },
        { type: 'xstate.error.actor.setRequirement', error: conflict },
        { type: 'workspaceSettings.setDefaultLanguage', language: 'de' },
        { type: 'xstate.done.actor.setDefaultLanguage', output: { ...acmeItem, require_two_factor: false, default_language: 'de' } },
        { type: 'xstate.error.actor.setDefaultLanguage', error: new Error('offline') },
      ] as never[],
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.name.trim() === '',
          Object.keys(s.context.fieldErrors).length > 0,
          s.context.formError !== null,
          s.context.requireTwoFactor,
          s.context.requirementError !== null,
          s.context.defaultLanguage,
          s.context.languageError !== null,
        ]),
      start: (inspect) => {
        const rename = controllable<WorkspaceItem, { org_name: string }>()
        const requirement = controllable<{ require_two_factor: boolean }, { required: boolean }>()
        const language = controllable<{ default_language?: Language | null }, { language: Language | null }>()
        const emitted: WorkspaceSettingsEmitted[] = []
        const actor = createActor(workspaceSettingsMachine.provide({ actors: { renameWorkspace: rename.logic, setRequirement: requirement.logic, setDefaultLanguage: language.logic } }), {
          input: { name: 'Acme Support', requireTwoFactor: false },
          inspect,
        })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { renameWorkspace: rename, setRequirement: requirement, setDefaultLanguage: language })) return
            actor.send(event)
          },
          check: (s) => {
            if (s.matches({ requirement: 'saving' })) {
              expect(selectIsSavingRequirement(s)).toBe(true)
              expect(requirement.calls.at(-1)).toEqual({ required: true })
              expect(selectRequireTwoFactor(s)).toBe(true)
            }
            // The switch shows the saved value once nothing is in flight; the message only after a failure.
            if (!s.matches({ requirement: 'saving' })) expect(selectRequireTwoFactor(s)).toBe(s.context.requireTwoFactor)
            expect(selectRequirementError(s)).toBe(s.matches({ requirement: 'failed' }) ? TWO_FACTOR_MESSAGES.adminWithoutTwoFactor : null)
            // The default language: the value being saved shows while saving, the saved one otherwise; a failure says so.
            if (s.matches({ language: 'saving' })) {
              expect(language.calls.at(-1)).toEqual({ language: 'de' })
              expect(selectDefaultLanguage(s)).toBe('de')
            } else expect(selectDefaultLanguage(s)).toBe(s.context.defaultLanguage)
            expect(selectLanguageError(s) !== null).toBe(s.matches({ language: 'failed' }))
            if (s.matches({ name: 'saving' })) {
              expect(selectIsSaving(s)).toBe(true)
              expect(rename.calls.at(-1)?.org_name).toBe(s.context.name.trim())
              expect(rename.calls.at(-1)?.org_name).not.toBe('')
            }
            for (const e of emitted) {
              if (e.type === 'workspaceSettings.renamed') expect(e.workspace.org_name).toBe('Acme Care')
              if (e.type === 'workspaceSettings.failed') expect(e.message).toBe('You need the Edit permission on Organizations to do this.')
              if (e.type === 'workspaceSettings.requirementSaved') expect(e.required).toBe(true)
              if (e.type === 'workspaceSettings.languageSaved') expect(e.language).toBe('de')
            }
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})

import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { acmeItem } from '../workspaces/workspaces.fixtures.ts'
import {
  REQUIREMENT_FAILED_MESSAGE,
  WORKSPACE_RENAME_FAILED_MESSAGE,
  type WorkspaceSettingsEmitted,
  workspaceSettingsMachine,
} from './workspaceSettings.machine.ts'
import {
  selectFormError,
  selectIsSaving,
  selectIsSavingRequirement,
  selectName,
  selectNameError,
  selectRequireTwoFactor,
  selectRequirementError,
  selectRequirementSaved,
} from './workspaceSettings.selectors.ts'

function start(name = 'Acme Support', requireTwoFactor = false) {
  const rename = controllable<WorkspaceItem, { org_name: string }>()
  const requirement = controllable<{ require_two_factor: boolean }, { required: boolean }>()
  const emitted: WorkspaceSettingsEmitted[] = []
  const actor = createActor(workspaceSettingsMachine.provide({ actors: { renameWorkspace: rename.logic, setRequirement: requirement.logic } }), {
    input: { name, requireTwoFactor },
  })
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, rename, requirement, emitted }
}

describe('workspaceSettings', () => {
  it('Scenario: a new name is sent trimmed; the saved name becomes the field’s and the page is told', async () => {
    const { actor, rename, emitted } = start()
    actor.send({ type: 'workspaceSettings.changeName', value: '  Acme Care  ' })
    actor.send({ type: 'workspaceSettings.submit' })
    expect(selectIsSaving(actor.getSnapshot())).toBe(true)
    expect(rename.calls).toEqual([{ org_name: 'Acme Care' }])
    await rename.resolve({ ...acmeItem, org_name: 'Acme Care' })
    expect(selectIsSaving(actor.getSnapshot())).toBe(false)
    expect(selectName(actor.getSnapshot())).toBe('Acme Care')
    expect(emitted).toEqual([{ type: 'workspaceSettings.renamed', workspace: { ...acmeItem, org_name: 'Acme Care' } }])
  })

  it('Scenario: an empty or too long name shows the contract’s message and nothing is sent; typing clears it', () => {
    const { actor, rename } = start()
    actor.send({ type: 'workspaceSettings.changeName', value: '   ' })
    actor.send({ type: 'workspaceSettings.submit' })
    expect(selectNameError(actor.getSnapshot())).toBe('Workspace name is required')
    actor.send({ type: 'workspaceSettings.changeName', value: 'x'.repeat(81) })
    expect(selectNameError(actor.getSnapshot())).toBeUndefined()
    actor.send({ type: 'workspaceSettings.submit' })
    expect(selectNameError(actor.getSnapshot())).toBe('Workspace name must be at most 80 characters')
    expect(rename.calls).toEqual([])
  })

  it('Scenario: a refusal keeps the typed name, shows the server’s words and tells the page (toast)', async () => {
    const { actor, rename, emitted } = start()
    actor.send({ type: 'workspaceSettings.changeName', value: 'Acme Care' })
    actor.send({ type: 'workspaceSettings.submit' })
    await rename.reject(apiError(403, 'forbidden', 'You need the Edit permission on Organizations to do this.'))
    expect(selectName(actor.getSnapshot())).toBe('Acme Care')
    expect(selectFormError(actor.getSnapshot())).toBe('You need the Edit permission on Organizations to do this.')
    expect(emitted).toEqual([{ type: 'workspaceSettings.failed', status: 403, message: 'You need the Edit permission on Organizations to do this.' }])

    actor.send({ type: 'workspaceSettings.submit' })
    await rename.reject(
      Object.assign(apiError(400, 'invalid_request', 'Invalid request'), { issues: [{ path: ['org_name'], message: 'Workspace name is required' }] }),
    )
    expect(selectNameError(actor.getSnapshot())).toBe('Workspace name is required')
    expect(selectFormError(actor.getSnapshot())).toBeNull()

    actor.send({ type: 'workspaceSettings.submit' })
    await rename.reject(new TypeError('boom'))
    expect(emitted.at(-1)).toEqual({ type: 'workspaceSettings.failed', status: 0, message: WORKSPACE_RENAME_FAILED_MESSAGE })
  })

  it('Scenario: requiring two-factor shows the switch on while saving, then saved, and tells the page (re-verify)', async () => {
    const { actor, requirement, emitted } = start()
    expect(selectRequireTwoFactor(actor.getSnapshot())).toBe(false)
    actor.send({ type: 'workspaceSettings.setRequirement', required: true })
    expect(selectIsSavingRequirement(actor.getSnapshot())).toBe(true)
    expect(selectRequireTwoFactor(actor.getSnapshot())).toBe(true)
    // A second press while one change is in flight sends nothing more.
    actor.send({ type: 'workspaceSettings.setRequirement', required: false })
    expect(requirement.calls).toEqual([{ required: true }])
    await requirement.resolve({ ...acmeItem, require_two_factor: true })
    expect(selectRequirementSaved(actor.getSnapshot())).toBe(true)
    expect(selectRequireTwoFactor(actor.getSnapshot())).toBe(true)
    expect(emitted).toEqual([{ type: 'workspaceSettings.requirementSaved', required: true }])

    actor.send({ type: 'workspaceSettings.setRequirement', required: false })
    await requirement.resolve({ ...acmeItem, require_two_factor: false })
    expect(selectRequireTwoFactor(actor.getSnapshot())).toBe(false)
    expect(emitted.at(-1)).toEqual({ type: 'workspaceSettings.requirementSaved', required: false })
  })

  it('Scenario: an admin without two-factor is refused (409): the switch goes back off with the server’s message; a retry clears it', async () => {
    const { actor, requirement, emitted } = start()
    actor.send({ type: 'workspaceSettings.setRequirement', required: true })
    await requirement.reject(
      Object.assign(apiError(409, 'conflict', TWO_FACTOR_MESSAGES.adminWithoutTwoFactor), {
        issues: [{ path: ['require_two_factor'], message: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor }],
      }),
    )
    expect(selectRequireTwoFactor(actor.getSnapshot())).toBe(false)
    expect(selectRequirementError(actor.getSnapshot())).toBe(TWO_FACTOR_MESSAGES.adminWithoutTwoFactor)
    expect(emitted).toEqual([])
    // The rename is untouched by the requirement's failure.
    expect(selectFormError(actor.getSnapshot())).toBeNull()

    actor.send({ type: 'workspaceSettings.setRequirement', required: true })
    expect(selectRequirementError(actor.getSnapshot())).toBeNull()
    await requirement.reject(new TypeError('boom'))
    expect(selectRequirementError(actor.getSnapshot())).toBe(REQUIREMENT_FAILED_MESSAGE)
  })

  it('Scenario: a workspace that already requires it starts with the switch on', () => {
    expect(selectRequireTwoFactor(start('Acme Support', true).actor.getSnapshot())).toBe(true)
  })
})

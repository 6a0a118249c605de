import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { acmeItem } from '../workspaces/workspaces.fixtures.ts'
import { WORKSPACE_RENAME_FAILED_MESSAGE, type WorkspaceSettingsEmitted, workspaceSettingsMachine } from './workspaceSettings.machine.ts'
import { selectFormError, selectIsSaving, selectName, selectNameError } from './workspaceSettings.selectors.ts'

function start(name = 'Acme Support') {
  const rename = controllable<WorkspaceItem, { org_name: string }>()
  const emitted: WorkspaceSettingsEmitted[] = []
  const actor = createActor(workspaceSettingsMachine.provide({ actors: { renameWorkspace: rename.logic } }), { input: { name } })
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, rename, emitted }
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
    await rename.reject(Object.assign(apiError(400, 'invalid_request', 'Invalid request'), { issues: [{ path: ['org_name'], message: 'Workspace name is required' }] }))
    expect(selectNameError(actor.getSnapshot())).toBe('Workspace name is required')
    expect(selectFormError(actor.getSnapshot())).toBeNull()

    actor.send({ type: 'workspaceSettings.submit' })
    await rename.reject(new TypeError('boom'))
    expect(emitted.at(-1)).toEqual({ type: 'workspaceSettings.failed', status: 0, message: WORKSPACE_RENAME_FAILED_MESSAGE })
  })
})

import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { acmeItem } from '../workspaces/workspaces.fixtures.ts'
import { type WorkspaceSettingsEmitted, workspaceSettingsMachine } from './workspaceSettings.machine.ts'
import { selectIsSaving } from './workspaceSettings.selectors.ts'

const renamed: WorkspaceItem = { ...acmeItem, org_name: 'Acme Care' }

describe('workspaceSettings (model)', () => {
  it('walks every transition on a real actor; only a valid, trimmed name is sent', async () => {
    const result = await walkEveryTransition({
      machine: workspaceSettingsMachine,
      input: { name: 'Acme Support' },
      events: [
        { type: 'workspaceSettings.changeName', value: '  Acme Care ' },
        { type: 'workspaceSettings.changeName', value: '   ' },
        { type: 'workspaceSettings.submit' },
        { type: 'xstate.done.actor.renameWorkspace', output: renamed },
        { type: 'xstate.error.actor.renameWorkspace', error: apiError(403, 'forbidden', 'You need the Edit permission on Organizations to do this.') },
      ] as never[],
      serializeState: (s) => JSON.stringify([s.value, s.context.name.trim() === '', Object.keys(s.context.fieldErrors).length > 0, s.context.formError !== null]),
      start: (inspect) => {
        const rename = controllable<WorkspaceItem, { org_name: string }>()
        const emitted: WorkspaceSettingsEmitted[] = []
        const actor = createActor(workspaceSettingsMachine.provide({ actors: { renameWorkspace: rename.logic } }), { input: { name: 'Acme Support' }, inspect })
        actor.on('*', (e) => emitted.push(e))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { renameWorkspace: rename })) return
            actor.send(event)
          },
          check: (s) => {
            if (s.matches('saving')) {
              expect(selectIsSaving(s)).toBe(true)
              expect(rename.calls.at(-1)?.org_name).toBe(s.context.name.trim())
              expect(rename.calls.at(-1)?.org_name).not.toBe('')
            }
            for (const e of emitted) {
              if (e.type === 'workspaceSettings.renamed') expect(e.workspace.org_name).toBe('Acme Care')
              if (e.type === 'workspaceSettings.failed') expect(e.message).toBe('You need the Edit permission on Organizations to do this.')
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

import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import type { PendingInvitation } from '../../contract/workspaces.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { acmeInvitation, globexInvitation, joinedAcme, ninaInvitations } from './invitations.fixtures.ts'
import { INVITATIONS_LOAD_FAILED_MESSAGE, type InvitationsEmitted, invitationsMachine } from './invitations.machine.ts'
import { invitationLabel, selectAnsweringId, selectInvitations } from './invitations.selectors.ts'

async function start() {
  const loadInvitations = controllable<ReadonlyArray<PendingInvitation>, void>()
  const acceptInvitation = controllable<WorkspaceItem, { id: string }>()
  const declineInvitation = controllable<void, { id: string }>()
  const actor = createActor(
    invitationsMachine.provide({
      actors: { loadInvitations: loadInvitations.logic, acceptInvitation: acceptInvitation.logic, declineInvitation: declineInvitation.logic },
    }),
  )
  const emitted: InvitationsEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, loadInvitations, acceptInvitation, declineInvitation, emitted }
}

describe('invitations', () => {
  it('Scenario: Nina sees her invitations, each named "Globex — invited by Ada Admin"', async () => {
    const { actor, loadInvitations } = await start()
    expect(selectInvitations(actor.getSnapshot())).toEqual([])
    await loadInvitations.resolve(ninaInvitations)
    expect(selectInvitations(actor.getSnapshot()).map(invitationLabel)).toEqual(['Globex — invited by Ada Admin', 'Acme Support — invited by Ada Admin'])
    expect(invitationLabel({ ...globexInvitation, invited_by: { label: '' } })).toBe('Globex')
  })

  it('Scenario: accepting answers the workspace joined, which is announced; the invitation leaves the list', async () => {
    const { actor, loadInvitations, acceptInvitation, emitted } = await start()
    await loadInvitations.resolve(ninaInvitations)
    actor.send({ type: 'invitations.accept', id: acmeInvitation.id })
    expect(selectAnsweringId(actor.getSnapshot())).toBe(acmeInvitation.id)
    expect(acceptInvitation.calls).toEqual([{ id: acmeInvitation.id }])
    await acceptInvitation.resolve(joinedAcme)
    expect(emitted).toEqual([{ type: 'invitations.accepted', invitation: acmeInvitation, workspace: joinedAcme }])
    expect(selectInvitations(actor.getSnapshot())).toEqual([globexInvitation])
  })

  it('Scenario: declining is optimistic: gone at once, back in place with the reason if it fails', async () => {
    const { actor, loadInvitations, declineInvitation, emitted } = await start()
    await loadInvitations.resolve(ninaInvitations)
    actor.send({ type: 'invitations.decline', id: globexInvitation.id })
    expect(selectInvitations(actor.getSnapshot())).toEqual([acmeInvitation])
    await declineInvitation.reject(apiError(503, 'unavailable', 'Try again later.'))
    expect(selectInvitations(actor.getSnapshot())).toEqual(ninaInvitations)
    expect(emitted).toEqual([{ type: 'invitations.failed', invitation: globexInvitation, answer: 'decline', status: 503, message: 'Try again later.' }])
    actor.send({ type: 'invitations.decline', id: globexInvitation.id })
    await declineInvitation.resolve(undefined)
    expect(emitted.at(-1)).toEqual({ type: 'invitations.declined', invitation: globexInvitation })
    expect(selectInvitations(actor.getSnapshot())).toEqual([acmeInvitation])
  })

  it('Scenario: an invitation revoked meanwhile (404) leaves the list, with the server’s message', async () => {
    const { actor, loadInvitations, acceptInvitation, emitted } = await start()
    await loadInvitations.resolve(ninaInvitations)
    actor.send({ type: 'invitations.accept', id: globexInvitation.id })
    await acceptInvitation.reject(apiError(404, 'not_found', 'There is no such pending invitation.'))
    expect(selectInvitations(actor.getSnapshot())).toEqual([acmeInvitation])
    expect(emitted.at(-1)).toMatchObject({ type: 'invitations.failed', status: 404, message: 'There is no such pending invitation.' })
  })

  it('Scenario: a failed load can be refreshed; an unknown id is ignored', async () => {
    const { actor, loadInvitations, acceptInvitation } = await start()
    await loadInvitations.reject(new Error('socket hang up'))
    expect(actor.getSnapshot().context.loadError).toBe(INVITATIONS_LOAD_FAILED_MESSAGE)
    actor.send({ type: 'invitations.refresh' })
    await loadInvitations.resolve(ninaInvitations)
    actor.send({ type: 'invitations.accept', id: 'inv-nowhere' })
    expect(actor.getSnapshot().value).toBe('ready')
    expect(acceptInvitation.calls).toEqual([])
  })
})

import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import type { CompleteSignupRequest } from '../../contract/workspaces.ts'
import { SIGNUP_COMPLETE_REDIRECT, signupInfoErrors, signupInfoMachine } from './signupInfo.machine.ts'

const workspace: WorkspaceItem = { org_id: 'o-initech', org_name: 'Initech', roles: ['SUPER_ADMIN'], waitlist_approved: true, signup_completed: true, is_default: true }

const events = [
  { type: 'signupInfo.change', field: 'company_name', value: 'Initech Ltd' },
  { type: 'signupInfo.change', field: 'company_name', value: '  ' },
  { type: 'signupInfo.change', field: 'use_case', value: 'Answer support calls with AI agents' },
  { type: 'signupInfo.chooseTeamSize', value: '11-50' },
  { type: 'signupInfo.submit' },
  { type: 'xstate.done.actor.completeSignup', output: workspace },
  { type: 'xstate.error.actor.completeSignup', error: Object.assign(apiError(400, 'invalid_request', 'Check the highlighted fields'), { issues: [{ path: ['company_name'], message: 'Company name is required' }] }) },
  { type: 'xstate.error.actor.completeSignup', error: apiError(503, 'unavailable', 'Try again in a minute') },
] as never[]

describe('signupInfo (model)', () => {
  it('walks every transition on a real actor: only a valid form is sent, and completion re-verifies once', async () => {
    const result = await walkEveryTransition({
      machine: signupInfoMachine,
      input: { companyName: '' },
      events,
      // Bounded: the texts reduce to valid or not, the errors to which fields carry one.
      serializeState: (s) =>
        JSON.stringify([
          s.value,
          s.context.company_name.trim() !== '',
          s.context.team_size,
          s.context.use_case !== '',
          Object.keys(s.context.fieldErrors).sort(),
          s.context.formError !== null,
        ]),
      start: (inspect) => {
        const call = controllable<WorkspaceItem, CompleteSignupRequest>()
        const verifications: string[] = []
        const actor = createActor(
          signupInfoMachine.provide({
            actors: { completeSignup: call.logic },
            actions: { requestVerification: (_, params) => void verifications.push(params.redirect) },
          }),
          { input: { companyName: '' }, inspect },
        ).start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { completeSignup: call })) return
            actor.send(event)
          },
          check: (s) => {
            // Whatever was sent passed the contract.
            for (const body of call.calls) expect(signupInfoErrors(body)).toEqual({})
            if (s.matches('submitting')) expect(s.context.fieldErrors).toEqual({})
            expect(verifications).toEqual(s.matches('completed') ? [SIGNUP_COMPLETE_REDIRECT] : [])
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})

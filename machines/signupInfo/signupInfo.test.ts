import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { WorkspaceItem } from '../../contract/api.ts'
import type { CompleteSignupRequest } from '../../contract/workspaces.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { SIGNUP_INFO_FAILED_MESSAGE, TEAM_SIZE_REQUIRED, signupInfoMachine } from './signupInfo.machine.ts'
import { selectSignupInfoStatus } from './signupInfo.selectors.ts'

function start(companyName = 'Initech') {
  const call = controllable<WorkspaceItem, CompleteSignupRequest>()
  const verifications: string[] = []
  const emitted: string[] = []
  const actor = createActor(
    signupInfoMachine.provide({
      actors: { completeSignup: call.logic },
      actions: { requestVerification: (_, params) => void verifications.push(params.redirect) },
    }),
    { input: { companyName } },
  )
  actor.on('*', (e) => void emitted.push(e.type))
  actor.start()
  return { actor, call, verifications, emitted }
}

describe('signupInfo', () => {
  it('Scenario: an empty form shows every field’s error without a call, in words a person would use', () => {
    const { actor, call } = start('')
    actor.send({ type: 'signupInfo.submit' })
    expect(call.calls).toEqual([])
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      company_name: 'Company name is required',
      team_size: TEAM_SIZE_REQUIRED,
      use_case: 'Use case is required',
    })
    // Fixing a field takes its error away; the others stay until the next submit.
    actor.send({ type: 'signupInfo.chooseTeamSize', value: '1-10' })
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['company_name', 'use_case'])
  })

  it('Scenario: a valid form is sent, then the session is verified again and the dashboard follows', async () => {
    const { actor, call, verifications, emitted } = start()
    actor.send({ type: 'signupInfo.chooseTeamSize', value: '51-200' })
    actor.send({ type: 'signupInfo.change', field: 'use_case', value: 'Support calls' })
    actor.send({ type: 'signupInfo.submit' })
    expect(selectSignupInfoStatus(actor.getSnapshot())).toBe('submitting')
    expect(call.calls).toEqual([{ company_name: 'Initech', team_size: '51-200', use_case: 'Support calls' }])
    await call.resolve({ org_id: 'o-initech', org_name: 'Initech', roles: ['SUPER_ADMIN'], waitlist_approved: true, signup_completed: true, is_default: true })
    expect(selectSignupInfoStatus(actor.getSnapshot())).toBe('completed')
    expect(verifications).toEqual(['/app/dashboard'])
    expect(emitted).toEqual(['signupInfo.completed'])
  })

  it('Scenario: the server’s field issues land on the fields; other failures above the form', async () => {
    const { actor, call, emitted } = start()
    actor.send({ type: 'signupInfo.chooseTeamSize', value: '1-10' })
    actor.send({ type: 'signupInfo.change', field: 'use_case', value: 'x' })
    actor.send({ type: 'signupInfo.submit' })
    await call.reject(Object.assign(apiError(400, 'invalid_request', 'Invalid request'), { issues: [{ path: ['use_case'], message: 'Tell us a little more' }] }))
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: { use_case: 'Tell us a little more' }, formError: null })
    actor.send({ type: 'signupInfo.submit' })
    await call.reject(new TypeError('Failed to fetch'))
    expect(actor.getSnapshot().context).toMatchObject({ fieldErrors: {}, formError: SIGNUP_INFO_FAILED_MESSAGE })
    expect(emitted).toEqual(['signupInfo.failed', 'signupInfo.failed'])
  })
})

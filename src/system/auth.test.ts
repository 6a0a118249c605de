/** The auth machine's browser side: what a sign-up sends besides the form. */
import { createActor, type AnyActorLogic } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { SignUpRequest } from '../../contract/workspaces.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { SessionStore } from '../platform/session-storage.ts'
import { browserAuth } from './auth.ts'

const form: SignUpRequest = { fullName: 'Hedy Lamarr', email: 'hedy@example.test', password: 'frequency hopping', org_name: 'Hedy Labs' }

/** The body `POST /users/signup` gets when the page speaks `spoken`. */
async function signUpBody(spoken: string | undefined): Promise<Record<string, unknown>> {
  const sent: Array<Record<string, unknown>> = []
  const api = {
    signUp: async (body: Record<string, unknown>) => {
      sent.push(body)
      return { access_token: 'a', refresh_token: 'r', expires_in: 300, org_id: 'o-1' }
    },
  } as unknown as Endpoints
  const machine = browserAuth({ api, store: {} as SessionStore, now: () => 0, navigate: () => {}, tokens: () => null, ...(spoken === undefined ? {} : { language: () => spoken }) })
  const logic = machine.implementations.actors.signUp as AnyActorLogic
  const actor = createActor(logic, { input: form }).start()
  await new Promise<void>((resolve, reject) => actor.subscribe({ complete: resolve, error: reject }))
  return sent[0] ?? {}
}

describe('browserAuth sign-up', () => {
  it('Scenario: a page speaking Deutsch or العربية signs the person up in it; English and the pseudo-locale send no language', async () => {
    expect(await signUpBody('de')).toEqual({ ...form, language: 'de' })
    expect(await signUpBody('ar')).toEqual({ ...form, language: 'ar' })
    expect(await signUpBody('en')).toEqual(form)
    expect(await signUpBody('en-XA')).toEqual(form)
    expect(await signUpBody(undefined)).toEqual(form)
  })
})

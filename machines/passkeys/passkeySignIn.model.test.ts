import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { SignInResult } from '../auth/auth.machine.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { promptError } from './passkeys.fixtures.ts'
import { type PasskeySignInEvent, passkeySignInMachine } from './passkeySignIn.machine.ts'

const session: SignInResult = { tokens: { accessToken: 'a', refreshToken: 'r', expiresAt: 1 } as SignInResult['tokens'], orgId: 'o-acme' }
const refused = { status: 401, code: 'invalid_credentials', message: 'This passkey is not registered with Engage.', issues: [] }

type ModelEvent = PasskeySignInEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown }
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as const
const error = (id: string, e: unknown) => ({ type: `xstate.error.actor.${id}`, error: e }) as const

const EVENTS: ModelEvent[] = [
  { type: 'passkey.signIn' },
  done('watchAutofill', session),
  done('watchAutofill', null),
  error('watchAutofill', promptError('NotAllowedError')),
  error('watchAutofill', refused),
  done('signIn', session),
  error('signIn', promptError('NotAllowedError')),
  error('signIn', refused),
]

describe('passkeySignIn (model)', () => {
  it('walks every transition: a session is handed over once, a closed prompt says nothing, a refusal says why', async () => {
    const result = await walkEveryTransition({
      machine: passkeySignInMachine,
      events: EVENTS as never,
      serializeState: (s) => JSON.stringify([s.value, s.context.error]),
      start: (inspect) => {
        const watchAutofill = controllable<SignInResult | null, void>()
        const signIn = controllable<SignInResult, void>()
        const started: SignInResult[] = []
        const actor = createActor(
          passkeySignInMachine.provide({
            actors: { watchAutofill: watchAutofill.logic, signIn: signIn.logic },
            actions: { startSession: (_, params) => started.push(params.result) },
          }),
          { inspect },
        )
        actor.start()
        return {
          actor,
          exec: async (event) => {
            const e = event as ModelEvent
            if (await settleActorEvent(e, { watchAutofill, signIn })) return
            actor.send(e as PasskeySignInEvent)
          },
          check: (s) => {
            expect(started).toEqual(s.matches('signedIn') ? [session] : [])
            if (s.matches('signingIn')) expect(s.context.error).toBeNull()
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  })
})

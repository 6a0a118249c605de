/**
 * The reverification machine's browser side (machines/reverification; 'Confirm it's you'): its
 * HTTP actors on the API, and the prompt the API layer asks when a call answers 403
 * `reverification_required` (src/api/reverification.ts). One actor in the root system
 * (`reverification`), started with it; the dialog (src/ui/ReverificationDialog.tsx) shows it.
 */
import { type ActorRefFrom, fromPromise } from 'xstate'
import { reverificationMachine, type ReverificationMachine } from '../../machines/reverification/reverification.machine.ts'
import type { ReverifyResponse } from '../../contract/reverification.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { ReverificationPrompt } from '../api/reverification.ts'

export type ReverificationActor = ActorRefFrom<ReverificationMachine>

/** The passkey prompt's error when the browser side cannot ask for one (the dialog never offers it then). */
const noPasskey = () => Object.assign(new Error('Passkeys are not available here. Use your password or a code.'), { status: 0, code: 'passkey_unavailable', issues: [] })

/**
 * The reverification machine with its HTTP actors.
 * @param api the app's endpoints (through the wrapped client too: these calls never answer
 *   `reverification_required`, so they never ask themselves).
 */
export function browserReverification(api: Endpoints) {
  return reverificationMachine.provide({
    actors: {
      loadStatus: fromPromise(() => api.reverificationStatus()),
      verifySecret: fromPromise(({ input }) => api.reverify(input)),
      verifyPasskey: fromPromise<ReverifyResponse, void>(() => Promise.reject(noPasskey())),
    },
  })
}

/**
 * The prompt over the root system's actor: asks it (`reverification.requested`, which joins a
 * dialog already open) and resolves with its outcome, true once verified, false once cancelled.
 * @param actor resolves the running actor (late-bound: the API client exists before the system starts).
 */
export function reverificationPrompt(actor: () => ReverificationActor): ReverificationPrompt {
  return {
    confirm: () =>
      new Promise<boolean>((resolve) => {
        const ref = actor()
        const done = (confirmed: boolean) => {
          verified.unsubscribe()
          cancelled.unsubscribe()
          resolve(confirmed)
        }
        const verified = ref.on('reverification.verified', () => done(true))
        const cancelled = ref.on('reverification.cancelled', () => done(false))
        ref.send({ type: 'reverification.requested' })
      }),
  }
}

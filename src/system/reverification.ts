/**
 * The reverification machine's browser side (machines/reverification; 'Confirm it's you'): its
 * HTTP actors on the API and the passkey prompt. A chunk of its own: one actor in the root system
 * (`reverification`), started the first time a call answers 403 `reverification_required`
 * (src/system/reverification-host.ts, which also holds the prompt the API layer asks); the dialog
 * (src/ui/ReverificationDialog.tsx) shows it.
 */
import { fromPromise } from 'xstate'
import { promptFailure } from '../../machines/passkeys/passkeys.errors.ts'
import { reverificationMachine } from '../../machines/reverification/reverification.machine.ts'
import type { ReverifyResponse } from '../../contract/reverification.ts'
import { callEndpoint } from '../api/call.ts'
import type { ApiClient } from '../api/client.ts'
import type { Endpoints } from '../api/endpoints.ts'

export { browserHasPasskeys, reverificationPrompt, type ReverificationActor } from './reverification-host.ts'

/**
 * A failed prompt as the machine reads errors (by shape: status, code, message), with what the
 * failure means to the person in the reader's language (`display`: closed, blocked, failed, as the
 * passkey pages say it, machines/passkeys/passkeys.errors.ts).
 */
const promptRefused = (error: unknown) =>
  Object.assign(new Error('The passkey prompt did not finish'), { status: 0, code: 'passkey_cancelled', issues: [], display: promptFailure(error).message })

/**
 * Confirms with a passkey: the server's prompt (`POST /users/me/reverification/passkey/options`),
 * the browser's (SimpleWebAuthn, loaded now), and the server's check of the answer
 * (`POST /users/me/reverification/passkey`). The passkeys contract and the library load with it.
 * @throws ApiError as the calls do; the prompt's own failure (closed, timed out, refused) as `passkey_cancelled`.
 */
export async function reverifyWithPasskey(client: ApiClient): Promise<ReverifyResponse> {
  const [{ passkeysApi }, { startAuthentication }] = await Promise.all([import('../../contract/passkeys.ts'), import('@simplewebauthn/browser')])
  const { challenge_id, options } = await callEndpoint(client, passkeysApi.reverificationOptions)
  let response: Awaited<ReturnType<typeof startAuthentication>>
  try {
    response = await startAuthentication({ optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'] })
  } catch (error) {
    throw promptRefused(error)
  }
  return callEndpoint(client, passkeysApi.reverify, { body: { challenge_id, response: response as never } })
}

/**
 * The reverification machine with its HTTP actors and the passkey prompt.
 * @param api the app's endpoints, and `client` the API client under them (the wrapped one is fine:
 *   these calls never answer `reverification_required`, so they never ask themselves).
 */
export function browserReverification(api: Endpoints, client: ApiClient) {
  return reverificationMachine.provide({
    actors: {
      loadStatus: fromPromise(() => api.reverificationStatus()),
      verifySecret: fromPromise(({ input }) => api.reverify(input)),
      verifyPasskey: fromPromise<ReverifyResponse, void>(() => reverifyWithPasskey(client)),
    },
  })
}

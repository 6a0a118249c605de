/**
 * 'Confirm it's you' in the API layer (docs/api.md "Reverification"): a call the server refuses
 * with 403 `reverification_required` asks the person for a factor (the reverification actor's
 * dialog, through a {@link ReverificationPrompt}); once they confirm, the call is repeated once and
 * its answer handed back; when they cancel, the call fails with the original 403 (its caller
 * shows that message as it shows any refusal). Nothing else in the app changes: every endpoint
 * goes through the wrapped client.
 */
import type { Schema } from 'effect'
import { ErrorCode } from '../../contract/api.ts'
import { ApiError, type ApiClient, type DownloadEndpoint, type DownloadedFile, type Endpoint } from './client.ts'

/** Asks the person to confirm it's them (src/system/reverification.ts, the root system's actor). */
export interface ReverificationPrompt {
  /** Resolves true once they confirmed with a factor, false when they cancelled. */
  confirm(): Promise<boolean>
}

/** Whether `error` is the server asking for a recent factor. */
export const isReverificationRequired = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.status === 403 && error.code === ErrorCode.reverificationRequired

/**
 * `client` with 'Confirm it's you': see the module comment. A second 403 after confirming (the
 * window lapsed meanwhile) is handed back as it is: a call is repeated once, never in a loop.
 * A prompt that throws counts as cancelled.
 */
export function withReverification(client: ApiClient, prompt: ReverificationPrompt): ApiClient {
  const confirmed = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      if (!isReverificationRequired(error)) throw error
      const yes = await prompt.confirm().catch(() => false)
      if (!yes) throw error
      return call()
    }
  }
  return {
    request: <S extends Schema.Top>(endpoint: Endpoint<S>) => confirmed(() => client.request(endpoint)),
    download: (endpoint: DownloadEndpoint): Promise<DownloadedFile> => confirmed(() => client.download(endpoint)),
  }
}

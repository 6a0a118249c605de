/**
 * Confirming it's the person before a sensitive change (contract/reverification.ts). Loaded with
 * the first of these calls (src/api/endpoints.ts); each returns the contract-decoded response or
 * rejects with `ApiError`.
 */
import { reverificationApi, type ReverifyRequest } from '../../../contract/reverification.ts'
import type { Call } from '../call.ts'

/** The reverification calls over `call` (src/api/call.ts). */
export function reverificationCalls(call: Call) {
  return {
    /** `GET /users/me/reverification`: the factors the person can confirm it's them with, and this session's window. */
    reverificationStatus: async () => call(reverificationApi.status),
    /** `POST /users/me/reverification` {password} | {code}: this session may make sensitive changes until `verified_until`; 400 on the field when wrong. */
    reverify: async (body: ReverifyRequest) => call(reverificationApi.verify, { body }),
  }
}

/**
 * The person's sessions (contract/sessions.ts). Loaded with the first of these calls
 * (src/api/endpoints.ts); each returns the contract-decoded response or rejects with `ApiError`.
 */
import { sessionsApi } from '../../../contract/sessions.ts'
import type { Call } from '../call.ts'

/** The session calls over `call` (src/api/call.ts). */
export function sessionsCalls(call: Call) {
  return {
    /** `GET /users/sessions`: the person's live sessions, most recently used first; `current` marks this device. */
    sessions: async () => (await call(sessionsApi.list)).sessions,
    /** `DELETE /users/sessions/{id}`: 204; 404 when it is unknown or already ended. */
    revokeSession: async (id: string) => call(sessionsApi.revoke, { params: { id } }),
    /** `DELETE /users/sessions?others=true`: every session but this one; answers how many. */
    revokeOtherSessions: async () => call(sessionsApi.revokeOthers, { query: { others: 'true' } }),
  }
}

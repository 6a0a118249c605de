/**
 * The start-up verification while offline (src/system/auth.ts `sessionWhileOffline`): the session
 * as last verified, from storage, only for a network failure while the browser says it is offline.
 */
import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/client.ts'
import { sessionWhileOffline } from './auth.ts'

const user = { _id: 'u-1', email: 'admin@acme.test' }
const currentOrg = { org_id: 'o-1', name: 'Acme Support' }
const store = { readPayload: () => ({ user, currentOrg }) as never }
const unreachable = new ApiError(0, 'network_error', 'Could not reach the server.')

describe('verification while offline', () => {
  it('Scenario: offline and unreachable: the stored session, with no sign-in method', () => {
    expect(sessionWhileOffline(unreachable, true, store)).toEqual({ user, currentOrgData: currentOrg, session_method: null })
  })

  it('Scenario: online (a server down), an answer from the server, or nothing stored: no stored session', () => {
    expect(sessionWhileOffline(unreachable, false, store)).toBeNull()
    expect(sessionWhileOffline(new ApiError(401, 'session_expired', 'expired'), true, store)).toBeNull()
    expect(sessionWhileOffline(new Error('boom'), true, store)).toBeNull()
    expect(sessionWhileOffline(unreachable, true, { readPayload: () => null })).toBeNull()
  })
})

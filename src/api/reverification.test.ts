import { Schema } from 'effect'
import { describe, expect, it, vi } from 'vitest'
import { ApiError, type ApiClient, type Endpoint } from './client.ts'
import { isReverificationRequired, withReverification } from './reverification.ts'

const required = () => new ApiError(403, 'reverification_required', "Confirm it's you to make this change: enter your password, a code or use a passkey.")
const disable: Endpoint<typeof Schema.Unknown> = { method: 'POST', path: '/users/me/two-factor/disable', body: { code: '123456' }, response: Schema.Unknown }

/** A client answering each call with the next of `answers` (a value, or an error to reject with). */
function scripted(...answers: unknown[]) {
  const calls: unknown[] = []
  const next = async (endpoint: unknown) => {
    calls.push(endpoint)
    const answer = answers.shift()
    if (answer instanceof Error) throw answer
    return answer
  }
  const client: ApiClient = { request: next as ApiClient['request'], download: next as ApiClient['download'] }
  return { client, calls }
}

describe('withReverification', () => {
  it('Scenario: a 403 reverification_required asks once; confirmed, the same call is repeated and its answer handed back', async () => {
    const { client, calls } = scripted(required(), { enabled: false })
    const confirm = vi.fn(async () => true)
    await expect(withReverification(client, { confirm }).request(disable)).resolves.toEqual({ enabled: false })
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(calls).toEqual([disable, disable])
  })

  it('Scenario: cancelled, the call fails with the original 403 and is not repeated', async () => {
    const original = required()
    const { client, calls } = scripted(original)
    await expect(withReverification(client, { confirm: async () => false }).request(disable)).rejects.toBe(original)
    expect(calls).toHaveLength(1)
  })

  it('Scenario: a prompt that fails counts as cancelled', async () => {
    const original = required()
    const { client } = scripted(original)
    await expect(withReverification(client, { confirm: async () => Promise.reject(new Error('no dialog')) }).request(disable)).rejects.toBe(original)
  })

  it('Scenario: repeated once only: a second 403 after confirming is handed back without asking again', async () => {
    const second = required()
    const { client, calls } = scripted(required(), second)
    const confirm = vi.fn(async () => true)
    await expect(withReverification(client, { confirm }).request(disable)).rejects.toBe(second)
    expect(confirm).toHaveBeenCalledTimes(1)
    expect(calls).toHaveLength(2)
  })

  it('Scenario: every other answer passes through untouched, without asking: success, another 403, a 400, a network error', async () => {
    const forbidden = new ApiError(403, 'forbidden', 'You need the Delete permission on Team Members to do this.')
    const invalid = new ApiError(400, 'invalid_request', 'That code is not right.')
    const offline = new ApiError(0, 'network_error', 'Could not reach the server.')
    const { client } = scripted({ ok: true }, forbidden, invalid, offline)
    const confirm = vi.fn(async () => true)
    const wrapped = withReverification(client, { confirm })
    await expect(wrapped.request(disable)).resolves.toEqual({ ok: true })
    await expect(wrapped.request(disable)).rejects.toBe(forbidden)
    await expect(wrapped.request(disable)).rejects.toBe(invalid)
    await expect(wrapped.request(disable)).rejects.toBe(offline)
    expect(confirm).not.toHaveBeenCalled()
  })

  it('Scenario: downloads are confirmed the same way', async () => {
    const file = { data: new Blob(['a,b']), filename: 'audit.csv' }
    const { client, calls } = scripted(required(), file)
    await expect(withReverification(client, { confirm: async () => true }).download({ method: 'GET', path: '/organizations/audit-log.csv' })).resolves.toBe(file)
    expect(calls).toHaveLength(2)
  })

  it('Scenario: only a 403 with the code reverification_required is a request to confirm', () => {
    expect(isReverificationRequired(required())).toBe(true)
    expect(isReverificationRequired(new ApiError(401, 'reverification_required', ''))).toBe(false)
    expect(isReverificationRequired({ status: 403, code: 'reverification_required' })).toBe(false)
  })
})

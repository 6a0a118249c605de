/**
 * The browser's endpoint functions are the contract's: each function of `createEndpoints`, called
 * through a recording client, sends the method, path, session flag and response Schema of a
 * contract definition (contract/all-endpoints.ts). With server/contract.test.ts (the server
 * registers every definition) the two houses cannot drift apart.
 */
import type { Schema } from 'effect'
import { describe, expect, test } from 'vitest'
import { allEndpoints } from '../../contract/all-endpoints.ts'
import { bugReportsApi } from '../../contract/bugReports.ts'
import type { AnyEndpoint } from '../../contract/endpoint.ts'
import { notificationsApi } from '../../contract/notifications.ts'
import { callEndpoint } from './call.ts'
import type { ApiClient, DownloadEndpoint, Endpoint } from './client.ts'
import { createEndpoints } from './endpoints.ts'

type Sent = { readonly method: string; readonly path: string; readonly authenticated?: boolean; readonly response?: unknown }

/** Arguments that get past a function's own checks; any other function gets ids and bodies as strings. */
const ARGUMENTS: Readonly<Record<string, ReadonlyArray<unknown>>> = {
  'notifications.list': [1, 20],
}

/** `[name, function]` of every function in `endpoints`, nested groups as `group.name`. */
function functionsOf(endpoints: object, prefix = ''): Array<[string, (...args: unknown[]) => Promise<unknown>]> {
  return Object.entries(endpoints).flatMap(([key, value]) =>
    typeof value === 'function' ? [[`${prefix}${key}`, value]] : functionsOf(value as object, `${prefix}${key}.`),
  ) as Array<[string, (...args: unknown[]) => Promise<unknown>]>
}

/** The definition whose method and path (placeholders filled with anything but `/`) match `sent`. */
function definitionOf(sent: Sent): AnyEndpoint | undefined {
  return Object.values(allEndpoints).find(
    (d) => d.method === sent.method && new RegExp(`^${d.path.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}$`).test(sent.path),
  )
}

describe('createEndpoints', () => {
  test('Scenario: every call is a contract definition, with its method, path, session and response Schema', async () => {
    const sent: Sent[] = []
    // Answers every call with `{}` (or an empty file): only what was sent matters here.
    const client: ApiClient = {
      request: async (endpoint: Endpoint<Schema.Top>) => {
        sent.push(endpoint)
        return {} as never
      },
      download: async (endpoint: DownloadEndpoint) => {
        sent.push(endpoint)
        return { data: new Blob([]), filename: null }
      },
    }
    const problems: string[] = []
    for (const [name, call] of functionsOf(createEndpoints(client))) {
      sent.length = 0
      await call(...(ARGUMENTS[name] ?? ['x', 'x']))
      const [one] = sent
      if (sent.length !== 1 || one === undefined) {
        problems.push(`${name}: sent ${sent.length} requests`)
        continue
      }
      const definition = definitionOf(one)
      if (definition === undefined) {
        problems.push(`${name}: ${one.method} ${one.path} is no contract endpoint`)
        continue
      }
      const expected = definition.response === 'file' ? undefined : definition.response
      if (one.response !== expected) problems.push(`${name}: not the response Schema of ${definition.method} ${definition.path}`)
      if (definition.access !== 'optional' && (one.authenticated ?? true) !== (definition.access === 'token')) {
        problems.push(`${name}: the session flag disagrees with access ${definition.access}`)
      }
    }
    expect(problems).toEqual([])
  })
})

describe("an area's calls (src/api/calls/)", () => {
  test('Scenario: the first call waits for the area; once it is in, a call leaves in the same task (a change sent as the page closes)', async () => {
    const sent: string[] = []
    const client: ApiClient = {
      request: async (endpoint: Endpoint<Schema.Top>) => {
        sent.push(`${endpoint.method} ${endpoint.path}`)
        return {} as never
      },
      download: async () => ({ data: new Blob([]), filename: null }),
    }
    const api = createEndpoints(client)
    const first = api.notifications.counts()
    expect(sent).toEqual([])
    await first
    expect(sent).toEqual(['GET /common-services/notifications/counts'])
    void api.notifications.archive('n1', true)
    expect(sent).toEqual(['GET /common-services/notifications/counts', 'PUT /common-services/notifications/n1/archive'])
  })
})

describe('the verification gate\'s configuration', () => {
  test('Scenario: asked once per page and shared by every caller; a failed answer is asked again', async () => {
    const answers: Array<() => unknown> = [
      () => {
        throw new Error('the server is restarting')
      },
      () => ({ provider: 'off' }),
    ]
    let sent = 0
    const client: ApiClient = {
      request: async () => {
        const answer = answers[Math.min(sent++, answers.length - 1)]!
        return answer() as never
      },
      download: async () => ({ data: new Blob([]), filename: null }),
    }
    const api = createEndpoints(client)
    await expect(api.botCheckConfig()).rejects.toThrow('the server is restarting')
    const [first, second] = await Promise.all([api.botCheckConfig(), api.botCheckConfig()])
    expect(first).toEqual({ provider: 'off' })
    expect(second).toBe(first)
    expect(await api.botCheckConfig()).toBe(first)
    expect(sent).toBe(2)
  })
})

describe('callEndpoint', () => {
  test('Scenario: a call is typed by its definition: params, body and session as the contract says', () => {
    const never = (): never => {
      throw new Error('not called')
    }
    const client: ApiClient = { request: never, download: never }
    const calls = [
      () => callEndpoint(client, notificationsApi.snooze, { params: { id: 'n1' }, body: { until: '2030-01-01T00:00:00Z' } }),
      // @ts-expect-error the snooze needs its body
      () => callEndpoint(client, notificationsApi.snooze, { params: { id: 'n1' } }),
      // @ts-expect-error the path has :id, not :userId
      () => callEndpoint(client, notificationsApi.markRead, { params: { userId: 'u1' } }),
      // @ts-expect-error a bug report says whether to send the session
      () => callEndpoint(client, bugReportsApi.report, { body: {} as never }),
      () => callEndpoint(client, notificationsApi.counts),
    ]
    expect(calls).toHaveLength(5)
  })
})

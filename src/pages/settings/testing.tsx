/**
 * Test harness for the settings pages (not shipped): renders a page inside the providers it
 * needs, over the real API client and endpoints talking to msw, with a toasts actor and a
 * permissions actor already `ready` for the given set references.
 */
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import { acmeSets } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { permissionsMachine } from '../../../machines/permissions/permissions.machine.ts'
import { toastsMachine } from '../../../machines/toasts/toasts.machine.ts'
import { createApiClient } from '../../api/client.ts'
import { createEndpoints } from '../../api/endpoints.ts'
import { ApiProvider } from '../../system/api.tsx'
import { PermissionsActorProvider } from '../../system/react.tsx'
import { ToastsActorProvider } from '../../system/toasts.tsx'
import { ENGLISH } from '../../i18n/catalogue.ts'
import { createTranslator } from '../../i18n/translator.ts'

/** What a toast says in English (a server's words as they are, a message translated). */
const english = createTranslator(ENGLISH)

export const API = 'http://engage.test/api'

// jsdom has no CSS.escape; react-aria's Table uses it to find rows by key.
const css = ((globalThis as { CSS?: { escape?: (s: string) => string } }).CSS ??= {})
css.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)

/** A permissions actor in `ready` for `refs`; `refetches` counts `permissions.refetch` loads. */
export function readyPermissions(refs: ReadonlyArray<string>, sets: ReadonlyArray<PermissionSet> = acmeSets) {
  const counter = { refetches: 0 }
  const machine = permissionsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => {}),
      loadPermissionSets: fromPromise(async () => {
        counter.refetches++
        return sets
      }),
    },
  })
  const actor = createActor(machine, { snapshot: machine.resolveState({ value: 'ready', context: { orgId: 'o-acme', refs, sets, error: null } }) }).start()
  return Object.assign(actor, { counter })
}

/** The page tests' API client: Acme, a fixed access token, no refresh; msw answers it. */
export function testApi() {
  return createEndpoints(
    createApiClient({
      baseUrl: API,
      session: {
        credentials: () => ({ accessToken: 'access-1', orgId: 'o-acme' }),
        ensureFresh: async () => {},
        refreshAfterUnauthorized: async () => {
          throw new Error('no refresh in page tests')
        },
      },
    }),
  )
}

export function renderPage(ui: ReactNode, { refs = ['SUPER_ADMIN'], sets }: { refs?: ReadonlyArray<string>; sets?: ReadonlyArray<PermissionSet> } = {}) {
  const api = testApi()
  const toasts = createActor(toastsMachine).start()
  const permissions = readyPermissions(refs, sets)
  const view = render(
    <ApiProvider api={api}>
      <ToastsActorProvider actor={toasts}>
        <PermissionsActorProvider actor={permissions}>{ui}</PermissionsActorProvider>
      </ToastsActorProvider>
    </ApiProvider>,
  )
  const toastMessages = () => toasts.getSnapshot().context.toasts.map((t) => `${t.type}: ${english.text(t.message)}`)
  return { ...view, toasts, permissions, toastMessages }
}

/** An error body as the server sends it. */
export function errorBody(code: string, message: string, issues: Array<{ path: Array<string | number>; message: string }> = []) {
  return { error: { code, message, issues } }
}

// @vitest-environment jsdom
import '../../ui/testing/jsdom.ts'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createActor } from 'xstate'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../../contract/api.ts'
import { allEndpoints } from '../../../contract/all-endpoints.ts'
import type { CreateApiKeyRequest } from '../../../contract/developers.ts'
import { openApiDocument } from '../../../contract/openapi.ts'
import { createdKey, crmKey } from '../../../machines/apiKeys/apiKeys.fixtures.ts'
import { acmeSets } from '../../../machines/roleEditor/roleEditor.fixtures.ts'
import { toastsMachine } from '../../../machines/toasts/toasts.machine.ts'
import { useApiKeysActor } from '../../system/apiKeys.ts'
import { ApiProvider } from '../../system/api.tsx'
import { PermissionsActorProvider } from '../../system/react.tsx'
import { ToastsActorProvider } from '../../system/toasts.tsx'
import { API, readyPermissions, testApi } from '../settings/testing.tsx'
import { ApiKeysView } from './ApiKeysTab.tsx'
import { publicApiOperations } from './ApiReferenceTab.tsx'
import { DevelopersView } from './DevelopersPage.tsx'
import { type DevelopersTab, validateDevelopersSearch } from './tabs.ts'

const created: CreateApiKeyRequest[] = []
const server = setupServer(
  http.get(`${API}/organizations/api-keys`, () => HttpResponse.json({ items: [crmKey] })),
  http.post(`${API}/organizations/api-keys`, async ({ request }) => {
    created.push((await request.json()) as CreateApiKeyRequest)
    return HttpResponse.json(createdKey, { status: 201 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => {
  cleanup()
  server.resetHandlers()
  created.length = 0
})
afterAll(() => server.close())

/** Reads API keys but may neither create nor revoke them, nor read webhooks. */
const keyReader: PermissionSet = {
  _id: 'ps-key-reader',
  permission_set_key: null,
  name: 'Key reader',
  description: '',
  is_system: false,
  permissions: [{ resource: 'API_KEYS', actions: ['READ'], conditions: {} }],
}

function Keys({ tab }: { tab: DevelopersTab }) {
  return (
    <DevelopersView
      tab={tab}
      onTabChange={() => {}}
      apiKeys={<ApiKeysView actor={useApiKeysActor()} origin="https://engage.example" />}
      webhooks={<p>Webhooks of this workspace</p>}
      reference={<p>The reference</p>}
    />
  )
}

function renderDevelopers(refs: ReadonlyArray<string>, tab: DevelopersTab = 'keys') {
  const toasts = createActor(toastsMachine).start()
  render(
    <ApiProvider api={testApi()}>
      <ToastsActorProvider actor={toasts}>
        <PermissionsActorProvider actor={readyPermissions(refs, [...acmeSets, keyReader])}>
          <Keys tab={tab} />
        </PermissionsActorProvider>
      </ToastsActorProvider>
    </ApiProvider>,
  )
  return { toastMessages: () => toasts.getSnapshot().context.toasts.map((t) => t.message) }
}

describe('DevelopersPage', () => {
  it('Scenario: a key is created from the dialog with an expiry 90 days out; its secret shows once and is gone after Done', async () => {
    const user = userEvent.setup()
    const t = renderDevelopers(['SUPER_ADMIN'])
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['API keys', 'Webhooks', 'API reference'])
    await screen.findByRole('grid', { name: 'API keys' })
    await user.click(screen.getByRole('button', { name: 'Create API key' }))
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Billing sync')
    await user.click(within(dialog).getByRole('button', { name: /Permission set/ }))
    await user.click(await screen.findByRole('option', { name: 'Support Agent' }))
    const before = Date.now()
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    const shown = await screen.findByRole('dialog', { name: 'API key created' })
    expect(within(shown).getByRole('textbox', { name: 'Your new API key' })).toHaveProperty('value', createdKey.secret)
    expect(created).toHaveLength(1)
    expect([created[0]!.name, created[0]!.permission_set]).toEqual(['Billing sync', 'ps-support-agent'])
    const days = (Date.parse(created[0]!.expires_at!) - before) / 86_400_000
    expect(days).toBeGreaterThan(89.99)
    expect(days).toBeLessThan(90.01)
    await waitFor(() => expect(t.toastMessages()).toEqual(['API key “Billing sync” created']))
    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.body.innerHTML).not.toContain(createdKey.secret)
    expect(within(screen.getByRole('grid', { name: 'API keys' })).getByText('eng_Zt4nW8rB…')).toBeTruthy()
  })

  it('Scenario: a member who may only read keys sees no Create or Revoke, and no Webhooks tab (its address opens API keys)', async () => {
    renderDevelopers(['ps-key-reader'], 'webhooks')
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['API keys', 'API reference'])
    expect(screen.getByRole('tab', { name: 'API keys' }).getAttribute('aria-selected')).toBe('true')
    await screen.findByRole('grid', { name: 'API keys' })
    expect(screen.queryByRole('button', { name: 'Create API key' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull()
  })

  it('reads the tab from the address, dropping anything else', () => {
    expect([validateDevelopersSearch({ tab: 'reference' }), validateDevelopersSearch({ tab: 'nope' }), validateDevelopersSearch({})]).toEqual([{ tab: 'reference' }, {}, {}])
  })

  it('names the operations of the contract’s document that take an API key, and nothing for a document it cannot read', () => {
    const operations = publicApiOperations(openApiDocument(allEndpoints, 'test'))
    expect(operations).toContainEqual({ method: 'GET', path: '/api/organizations/members' })
    expect(operations).not.toContainEqual({ method: 'GET', path: '/api/organizations/api-keys' })
    expect([publicApiOperations(null), publicApiOperations({ paths: 3 })]).toEqual([[], []])
  })
})

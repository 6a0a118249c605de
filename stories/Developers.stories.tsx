/**
 * The Developers page (/app/developers): its header and tabs for a super admin, for a member
 * without WEBHOOKS read (no Webhooks tab), and the API reference tab loading, failed and ready.
 * The API keys tab is an actor in a saved state (stories/ApiKeys.stories.tsx has each of its
 * states); the Webhooks tab's own stories are stories/Webhooks.stories.tsx, so here its slot shows
 * a line naming it. The ready reference renders the real viewer over the document the contract
 * generates (contract/openapi.ts), as the server answers it at /api/openapi.json.
 */
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite'
import { type ReactNode, useState } from 'react'
import { expect, within } from 'storybook/test'
import type { PermissionSet } from '../contract/api.ts'
import { allEndpoints } from '../contract/all-endpoints.ts'
import { openApiDocument } from '../contract/openapi.ts'
import { API_KEYS_NOW_MS } from '../machines/apiKeys/apiKeys.fixtures.ts'
import { ApiKeysView } from '../src/pages/developers/ApiKeysTab.tsx'
import { API_REFERENCE_LOAD_FAILED_MESSAGE, ApiReferenceTab } from '../src/pages/developers/ApiReferenceTab.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'
import { DevelopersView } from '../src/pages/developers/DevelopersPage.tsx'
import type { DevelopersTab } from '../src/pages/developers/tabs.ts'
import { PermissionsActorProvider } from '../src/system/react.tsx'
import { apiKeysActorIn } from './apiKeys-actor.tsx'
import { permissionsActorFor, storySets } from './permissions-actor.tsx'

/** The texts as an English reader sees them. */
const english = createTranslator(ENGLISH)

/** A member who may manage keys but not read webhooks. */
const keysOnly: PermissionSet = {
  _id: 'set-keys',
  permission_set_key: null,
  name: 'Integrations engineer',
  description: 'API keys only',
  is_system: false,
  permissions: [{ resource: 'API_KEYS', actions: ['READ', 'CREATE', 'DELETE'], conditions: {} }],
}

function WithPermissions({ refs, children }: { refs: ReadonlyArray<string>; children: ReactNode }) {
  const [permissions] = useState(() => permissionsActorFor(refs, [...storySets, keysOnly]))
  return <PermissionsActorProvider actor={permissions}>{children}</PermissionsActorProvider>
}

const asSuperAdmin: Decorator = (Story) => (
  <WithPermissions refs={['SUPER_ADMIN']}>
    <main style={{ padding: 24 }}>
      <Story />
    </main>
  </WithPermissions>
)

const meta: Meta = { title: 'Pages/Developers', tags: ['!autodocs'], decorators: [asSuperAdmin], parameters: { machineState: { machine: 'apiKeys', state: { ready: 'idle' } } } }
export default meta
type Story = StoryObj

const never = () => new Promise<never>(() => {})

/** The page on `tab`, tab changes kept in the story. */
function Page({ tab: first, reference }: { tab: DevelopersTab; reference?: ReactNode }) {
  const [tab, setTab] = useState(first)
  const [actor] = useState(() => apiKeysActorIn({ ready: 'idle' }))
  return (
    <DevelopersView
      tab={tab}
      onTabChange={setTab}
      apiKeys={<ApiKeysView actor={actor} nowMs={API_KEYS_NOW_MS} origin="https://engage.example" />}
      webhooks={<p>The webhooks of this workspace (stories: Developers/Webhooks).</p>}
      reference={reference ?? <ApiReferenceTab load={never} />}
    />
  )
}

/** API keys, the first tab, for a super admin: all three tabs. */
export const KeysTab: Story = {
  render: () => <Page tab="keys" />,
  play: async ({ canvasElement }) => {
    const tabs = within(canvasElement).getAllByRole('tab')
    await expect(tabs.map((t) => t.textContent)).toEqual(['API keys', 'Webhooks', 'API reference'])
    await expect(within(canvasElement).getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true')
  },
}

/** A member without WEBHOOKS read: no Webhooks tab, and `?tab=webhooks` shows API keys. */
export const WithoutWebhooks: Story = {
  decorators: [
    (Story) => (
      <WithPermissions refs={['set-keys']}>
        <Story />
      </WithPermissions>
    ),
  ],
  render: () => <Page tab="webhooks" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('tab').map((t) => t.textContent)).toEqual(['API keys', 'API reference'])
    await expect(canvas.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true')
  },
}

/** API reference while the document and the viewer load: the note, then a placeholder. */
export const ReferenceLoading: Story = { render: () => <Page tab="reference" /> }

/** API reference when the document could not be fetched: the reason and 'Try again'. */
export const ReferenceFailed: Story = {
  render: () => <Page tab="reference" reference={<ApiReferenceTab load={() => Promise.reject(new Error('offline'))} />} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(english.t(API_REFERENCE_LOAD_FAILED_MESSAGE))).toBeInTheDocument()
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
}

/** The operations the note lists, and the viewer over the contract's own document. */
const loadContractReference = async () => ({
  document: openApiDocument(allEndpoints, 'story'),
  Viewer: (await import('../src/pages/developers/ApiReferenceViewer.tsx')).ApiReferenceViewer,
})

/** API reference ready: the operations an API key can call, the download link, and the viewer. */
export const ReferenceReady: Story = {
  render: () => <Page tab="reference" reference={<ApiReferenceTab load={loadContractReference} />} />,
  // Scalar's own markup, which no option changes: its content sits in a <main> of its own (inside
  // the page's <main>), and each operation's 'Example Responses' card is a region of the same name.
  parameters: {
    a11y: {
      config: {
        rules: [
          { id: 'landmark-main-is-top-level', enabled: false },
          { id: 'landmark-no-duplicate-main', enabled: false },
          { id: 'landmark-unique', enabled: false },
        ],
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    // The viewer's chunk is large: on first load in a dev server it takes seconds to transform.
    const list = await canvas.findByRole('list', { name: 'Operations that accept an API key' }, { timeout: 15_000 })
    await expect(within(list).getByText('/api/organizations/members')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Download the OpenAPI document' })).toHaveAttribute('href', '/api/openapi.json')
    await expect(await canvas.findByRole('heading', { name: 'Engage API' }, { timeout: 15_000 })).toBeInTheDocument()
  },
}

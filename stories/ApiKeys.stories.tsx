/**
 * Developers › API keys: the tab in each state a person can see, each started from a saved state
 * (`resolveState`) with calls that never answer; times are read at a fixed moment so the stories
 * do not drift, and the `curl` example names a fixed origin. `ListMobile` shows the table stacked
 * as cards at 390 px (or choose the toolbar's Mobile viewport for any story).
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import type { StateValue } from 'xstate'
import { API_KEYS_NOW_MS, createdKey, crmKey, readOnlyAccess, reportingKey, threeKeys } from '../machines/apiKeys/apiKeys.fixtures.ts'
import { API_KEYS_LOAD_FAILED_MESSAGE, type ApiKeysContext } from '../machines/apiKeys/apiKeys.machine.ts'
import { API_KEYS_PURPOSE, ApiKeysView, SECRET_WARNING } from '../src/pages/developers/ApiKeysTab.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'
import { apiKeysActorIn } from './apiKeys-actor.tsx'

/** The texts as an English reader sees them. */
const english = createTranslator(ENGLISH)

const meta: Meta = { title: 'Machines/apiKeys' }
export default meta
type Story = StoryObj

const ORIGIN = 'https://engage.example'

function apiKeysStory(value: StateValue, context: Partial<ApiKeysContext> = {}, extra: Partial<Story> = {}): Story {
  return {
    parameters: { machineState: { machine: 'apiKeys', state: value } },
    render: function Render() {
      const [actor] = useState(() => apiKeysActorIn(value, context))
      return (
        <main style={{ padding: 24 }}>
          <ApiKeysView actor={actor} nowMs={API_KEYS_NOW_MS} origin={ORIGIN} />
        </main>
      )
    },
    ...extra,
  }
}

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** loading: a placeholder while the list is on its way. */
export const Loading = apiKeysStory('loading', { keys: null })

/** failed: the reason and 'Try again'. */
export const LoadFailed = apiKeysStory('failed', { keys: null, loadError: API_KEYS_LOAD_FAILED_MESSAGE }, {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(english.text(API_KEYS_LOAD_FAILED_MESSAGE))
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
})

/** ready.idle with no key yet: what keys are for, a `curl` call to try one with, and 'Create API key'. */
export const Empty = apiKeysStory({ ready: 'idle' }, { keys: [] }, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(english.t(API_KEYS_PURPOSE))).toBeInTheDocument()
    await expect(canvas.getByText(`curl -H "Authorization: Bearer eng_…" ${ORIGIN}/api/organizations/members`)).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Create API key' })).toBeEnabled()
  },
})

/** ready.idle: a key used today, one never used that expires in January, an expired one. */
export const List = apiKeysStory({ ready: 'idle' }, {}, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('grid', { name: 'API keys' })
    // The grid's rows render once it has measured itself (a frame after mount in the built site).
    await expect(await within(table).findByText('eng_3fK9xQ2a…')).toBeInTheDocument()
    await expect(within(table).getByText('Expired')).toBeInTheDocument()
    await expect(within(table).getAllByText('Never')).toHaveLength(2)
    await expect(canvas.getByRole('button', { name: `Revoke ${crmKey.name}` })).toBeEnabled()
  },
})

/** ready.idle at 390 px: each key a card. */
export const ListMobile: Story = { ...apiKeysStory({ ready: 'idle' }), globals: { viewport: { value: 'mobile', isRotated: false } } }

/** ready.idle for a member with API_KEYS read only: no 'Create API key', no 'Revoke'. */
export const ListReadOnly = apiKeysStory({ ready: 'idle' }, { access: readOnlyAccess }, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: 'Create API key' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: /^Revoke/ })).toBeNull()
  },
})

/** ready.idle after a refused revocation: the key is back in its place, the reason above the list. */
export const RevokeFailed = apiKeysStory({ ready: 'idle' }, { error: 'Could not revoke the API key. Please try again.' })

/** ready.creating.editing: name, a permission set the person may give, expiry. */
export const CreateForm = apiKeysStory({ ready: { creating: 'editing' } }, { draft: { name: 'Billing sync', permissionSet: 'set-agent', expiryDays: 90 } }, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create API key' })
    await expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Billing sync')
    await userEvent.click(within(dialog).getByRole('button', { name: /Permission set/ }))
    const options = await body(canvasElement).findAllByRole('option')
    await expect(options.map((o) => o.textContent)).toEqual(['Super Admin', 'Support Agent'])
    await userEvent.keyboard('{Escape}')
  },
})

/** ready.creating.editing after 'Create' with nothing filled in: the contract's messages at the fields. */
export const CreateFieldErrors = apiKeysStory({ ready: { creating: 'editing' } }, { fieldErrors: { name: 'Name is required', permission_set: 'Choose a permission set' } }, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Create API key' })
    await expect(within(dialog).getByText('Name is required')).toBeInTheDocument()
    await expect(within(dialog).getByText('Choose a permission set')).toBeInTheDocument()
  },
})

/** ready.creating.editing after the server refused: its message above the fields. */
export const CreateRefused = apiKeysStory(
  { ready: { creating: 'editing' } },
  { draft: { name: 'Billing sync', permissionSet: 'SUPER_ADMIN', expiryDays: null }, formError: 'Only a super admin can give a key the Super Admin set.' },
)

/** ready.creating.submitting: 'Creating…', nothing to change meanwhile. */
export const Creating = apiKeysStory({ ready: { creating: 'submitting' } }, { draft: { name: 'Billing sync', permissionSet: 'set-agent', expiryDays: 90 } })

/** ready.creating.showingSecret: the secret once, read-only, with 'Copy', the warning and 'Done'. */
export const SecretShown = apiKeysStory({ ready: { creating: 'showingSecret' } }, { created: createdKey, keys: [createdKey.key, ...threeKeys] }, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'API key created' })
    await expect(within(dialog).getByRole('textbox', { name: 'Your new API key' })).toHaveValue(createdKey.secret)
    await expect(within(dialog).getByRole('textbox', { name: 'Your new API key' })).toHaveAttribute('readonly')
    await expect(within(dialog).getByText(english.t(SECRET_WARNING))).toBeInTheDocument()
    await expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument()
  },
})

/** ready.confirmingRevoke: the confirmation names the key. */
export const RevokeConfirm = apiKeysStory({ ready: 'confirmingRevoke' }, { targetId: reportingKey.id }, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Revoke “Nightly reporting export”?' })
    await expect(within(dialog).getByText('Anything using it stops working at once.')).toBeInTheDocument()
    await expect(within(dialog).getByRole('button', { name: 'Revoke key' })).toBeInTheDocument()
  },
})

/** ready.revoking: the key has left the list already; the confirmation waits for the server. */
export const Revoking = apiKeysStory(
  { ready: 'revoking' },
  { targetId: reportingKey.id, keys: threeKeys.filter((k) => k.id !== reportingKey.id), removed: { key: reportingKey, index: 1 } },
)

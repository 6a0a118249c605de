/**
 * Workspace Settings › Single sign-on in each state a person can see, each started from a saved
 * state (`resolveState`) with calls that never answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { SsoSettings, SsoSettingsInput, SsoTestResponse } from '../contract/sso.ts'
import { acmeConnection, notConfigured } from '../machines/singleSignOn/singleSignOn.fixtures.ts'
import { type SingleSignOnContext, draftOf, singleSignOnMachine } from '../machines/singleSignOn/singleSignOn.machine.ts'
import { SSO_TEXT, SingleSignOnView } from '../src/pages/settings/SingleSignOnSection.tsx'
import { stack } from '../src/pages/settings/settings.css.ts'

const meta: Meta = { title: 'Machines/singleSignOn' }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})

const configuredContext: SingleSignOnContext = {
  settings: acmeConnection,
  draft: draftOf(acmeConnection),
  fieldErrors: {},
  formError: null,
  loadError: null,
  test: null,
}

/** A first connection typed in, not yet saved. */
const typedDraft = { issuer: 'https://login.acme.example', clientId: 'engage-acme', clientSecret: 'top-secret', domains: 'acme.test, acme-support.example', requireSso: false }

function ssoStory(value: StateValue, context: Partial<SingleSignOnContext> = {}, play?: Story['play']): Story {
  const create = () => {
    const machine = singleSignOnMachine.provide({
      actors: {
        loadSettings: fromPromise(() => pending<SsoSettings>()),
        saveSettings: fromPromise<SsoSettings, SsoSettingsInput>(() => pending()),
        removeSettings: fromPromise<void, void>(() => pending()),
        testConnection: fromPromise<SsoTestResponse, { issuer: string }>(() => pending()),
      },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { ...configuredContext, ...context } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'singleSignOn', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      return (
        <div className={stack}>
          <SingleSignOnView actor={actor} />
        </div>
      )
    },
    ...(play ? { play } : {}),
  }
}

/** loading: placeholders while the settings are on their way. */
export const Loading = ssoStory('loading', { settings: null, draft: draftOf(null) })

/** failed: the reason and 'Try again'. */
export const LoadFailed = ssoStory(
  'failed',
  { settings: null, draft: draftOf(null), loadError: 'Could not reach the server. Check your connection and try again.' },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
)

/** ready.notConfigured: an empty form; nothing to save or remove yet. */
export const NotConfigured = ssoStory({ ready: 'notConfigured' }, { settings: notConfigured, draft: draftOf(notConfigured) }, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByLabelText(/^Client secret/)).toHaveAttribute('type', 'password')
  await expect(canvas.getByRole('button', { name: 'Save' })).toBeDisabled()
  await expect(canvas.queryByRole('button', { name: 'Remove single sign-on' })).toBeNull()
})

/** ready.configured: the saved connection; the secret is never shown, only that one is set. */
export const Configured = ssoStory({ ready: 'configured' }, {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByLabelText(/^Client secret/)).toHaveAttribute('placeholder', SSO_TEXT.secretKept)
  await expect(canvas.getByLabelText(/^Email domains/)).toHaveValue('acme.test\nacme-support.example')
  await expect(canvas.getByText('Set up')).toBeInTheDocument()
})

/** ready.configured after a test: what the provider said it is. */
export const Connected = ssoStory({ ready: 'configured' }, { test: { outcome: 'connected', issuer: 'https://login.acme.example' } }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText('Connected to https://login.acme.example')).toBeInTheDocument()
})

/** ready.editing: a first connection typed in; Save is on. */
export const Editing = ssoStory({ ready: 'editing' }, { settings: notConfigured, draft: typedDraft }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('button', { name: 'Save' })).toBeEnabled()
})

/** ready.editing after a failed test: the server's reason beside the button. */
export const TestFailed = ssoStory(
  { ready: 'editing' },
  { settings: notConfigured, draft: { ...typedDraft, issuer: 'https://127.0.0.1:1' }, test: { outcome: 'failed', message: 'The identity provider at https://127.0.0.1:1 could not be reached.' } },
)

/** ready.editing with field errors: under their fields, a domain's naming it. */
export const FieldErrors = ssoStory(
  { ready: 'editing' },
  {
    settings: notConfigured,
    draft: { ...typedDraft, clientSecret: '', domains: 'acme.test, acme' },
    fieldErrors: { client_secret: 'Enter the client secret', domains: 'acme: Enter domains like example.com, one per line or separated by commas' },
  },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText(/^Email domains/)).toHaveAttribute('aria-invalid', 'true')
  },
)

/** ready.editing after 'Confirm it's you' was cancelled: the refusal above the form. */
export const NotConfirmed = ssoStory(
  { ready: 'editing' },
  { draft: { ...draftOf(acmeConnection), requireSso: true }, formError: "Confirm it's you to make this change: enter your password, a code or use a passkey." },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent("Confirm it's you")
  },
)

/** ready.testing: discovery in flight; the form waits. */
export const Testing = ssoStory({ ready: 'testing' }, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText('Testing…')).toBeInTheDocument()
})

/** ready.saving. */
export const Saving = ssoStory({ ready: 'saving' }, { draft: { ...draftOf(acmeConnection), requireSso: true } })

/** ready.saved: 'Saved' beside the button until the next change. */
export const Saved = ssoStory({ ready: 'saved' }, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText('Saved')).toBeInTheDocument()
})

/** ready.confirmingRemove: the confirmation. */
export const ConfirmingRemove = ssoStory({ ready: 'confirmingRemove' }, {}, async ({ canvasElement }) => {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: SSO_TEXT.removeTitle })
  await expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeInTheDocument()
})

/** ready.removing. */
export const Removing = ssoStory({ ready: 'removing' })

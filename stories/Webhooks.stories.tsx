/**
 * Developers › Webhooks (the webhooks machine) in each state a person can see, each started from a
 * saved state (`resolveState`) with calls that never answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { WebhookDelivery, WebhookEndpoint, WebhookWithSecret } from '../contract/developers.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { createdAnswer, firstPage, newEndpoint, ordersEndpoint, rotatedAnswer, testDelivery, threeEndpoints } from '../machines/webhooks/webhooks.fixtures.ts'
import { EMPTY_WEBHOOK_DRAFT, type WebhooksContext, webhooksMachine } from '../machines/webhooks/webhooks.machine.ts'
import { FULL_WEBHOOK_ACCESS, type WebhookAccess } from '../machines/webhooks/webhooks.selectors.ts'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { WEBHOOK_DIALOG_TEXT } from '../src/pages/developers/WebhookDialogs.tsx'
import { WEBHOOKS_TEXT, WebhooksView } from '../src/pages/developers/WebhooksTab.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'
import { NOW, pending, quietLog } from './webhook-log.ts'

/** The texts as an English reader sees them. */
const english = createTranslator(ENGLISH)

const meta: Meta = { title: 'Machines/webhooks', parameters: { layout: 'padded' } }
export default meta
type Story = StoryObj

const defaults: WebhooksContext = {
  endpoints: threeEndpoints,
  loadError: null,
  draft: EMPTY_WEBHOOK_DRAFT,
  targetId: null,
  fieldErrors: {},
  formError: null,
  secret: null,
  toggle: null,
  logEndpointId: null,
}

interface WebhooksStoryOptions {
  readonly access?: WebhookAccess
  readonly play?: Story['play']
  /** Events sent once started: a state reached by running (an invoked child is not restored from a saved state). */
  readonly then?: ReadonlyArray<Parameters<ReturnType<typeof createActor<typeof webhooksMachine>>['send']>[0]>
}

function webhooksStory(value: StateValue, context: Partial<WebhooksContext> = {}, options: WebhooksStoryOptions = {}): Story {
  const create = () => {
    const machine = webhooksMachine.provide({
      actors: {
        loadWebhooks: fromPromise(() => pending<ReadonlyArray<WebhookEndpoint>>()),
        createWebhook: fromPromise(() => pending<WebhookWithSecret>()),
        updateWebhook: fromPromise(() => pending<WebhookEndpoint>()),
        setWebhookEnabled: fromPromise(() => pending<WebhookEndpoint>()),
        rotateSecret: fromPromise(() => pending<WebhookWithSecret>()),
        deleteWebhook: fromPromise(() => pending<void>()),
        sendTestEvent: fromPromise(() => pending<WebhookDelivery>()),
        webhookDeliveries: quietLog({ items: [testDelivery, ...firstPage.items], next_cursor: firstPage.next_cursor }),
      },
    })
    const start = options.then ? { ready: { main: 'idle' } } : value
    const actor = createActor(machine, { snapshot: machine.resolveState({ value: start, context: { ...defaults, ...context } }) }).start()
    for (const event of options.then ?? []) actor.send(event)
    return actor
  }
  return {
    parameters: { machineState: { machine: 'webhooks', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      const [toasts] = useState(() => createActor(toastsMachine).start())
      return (
        <ToastsActorProvider actor={toasts}>
          <WebhooksView actor={actor} access={options.access ?? FULL_WEBHOOK_ACCESS} nowMs={NOW} />
        </ToastsActorProvider>
      )
    },
    ...(options.play ? { play: options.play } : {}),
  }
}

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** loading: placeholders while the endpoints are on their way. */
export const Loading = webhooksStory('loading', { endpoints: null })

/** failed: the reason and 'Try again'. */
export const LoadFailed = webhooksStory('failed', { endpoints: null, loadError: 'Could not load the webhook endpoints. Please try again.' }, {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
})

/** ready, no endpoint yet: what webhooks are for, how to verify a message, and 'Add endpoint'. */
export const Empty = webhooksStory({ ready: { main: 'idle' } }, { endpoints: [] }, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText(english.t(WEBHOOKS_TEXT.purpose))).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Standard Webhooks' })).toHaveAttribute('rel', 'noreferrer')
    await expect(canvas.getByRole('button', { name: 'Add endpoint' })).toBeEnabled()
  },
})

/** ready: a healthy endpoint, one failing since yesterday, one disabled after failing for 3 days. */
export const Endpoints = webhooksStory({ ready: { main: 'idle' } }, {}, {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const rows = within(canvas.getByRole('list', { name: 'Webhook endpoints' })).getAllByRole('listitem', { name: /https:/ })
    await expect(rows).toHaveLength(3)
    await expect(within(rows[0]!).getByText('Enabled')).toBeInTheDocument()
    await expect(within(rows[1]!).getByText(/^Failing since/)).toBeInTheDocument()
    await expect(within(rows[2]!).getByText('Disabled after failing for 3 days')).toBeInTheDocument()
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'More actions' }))
    const menu = await body(canvasElement).findByRole('menu')
    await expect(within(menu).getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Send test event', 'Disable', 'Rotate secret', 'Delete'])
    await userEvent.keyboard('{Escape}')
  },
})

/** ready for a member who may only read: the list and the logs, no change. */
export const EndpointsReadOnly = webhooksStory({ ready: { main: 'idle' } }, {}, {
  access: { mayCreate: false, mayUpdate: false, mayDelete: false, mayExecute: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: 'Add endpoint' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'Edit' })).toBeNull()
    await expect(canvas.queryByRole('button', { name: 'More actions' })).toBeNull()
    await expect(canvas.getAllByRole('button', { name: 'Delivery log' })).toHaveLength(3)
  },
})

/** ready.log.open: one endpoint's delivery log in place of the list, read from the server. */
export const LogOpen = webhooksStory({ ready: { main: 'idle', toggle: 'idle', log: 'open' } }, {}, {
  then: [{ type: 'webhook.openLog', id: ordersEndpoint.id }],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'Delivery log' })).toBeInTheDocument()
    await expect(await canvas.findAllByRole('button', { name: 'Resend' })).toHaveLength(3)
  },
})

/** ready.main.editing: 'Add endpoint' with the events to choose from. */
export const Adding = webhooksStory({ ready: { main: 'editing' } }, {}, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('dialog', { name: 'Add endpoint' })
    await expect(within(dialog).getByRole('textbox', { name: 'Endpoint URL' })).toBeInTheDocument()
    await expect(within(dialog).getAllByRole('checkbox')).toHaveLength(7)
    await expect(within(dialog).getByRole('switch', { name: 'Enabled' })).toBeChecked()
  },
})

/** ready.main.editing after a refused save: the server's sentence under the URL. */
export const SaveRefused = webhooksStory(
  { ready: { main: 'editing' } },
  { draft: { url: 'https://10.0.0.5/hook', description: '', eventTypes: ['member.joined'], enabled: true }, fieldErrors: { url: 'The endpoint must name a public host' } },
  {
    play: async ({ canvasElement }) => {
      const dialog = await body(canvasElement).findByRole('dialog', { name: 'Add endpoint' })
      await expect(within(dialog).getByRole('textbox', { name: 'Endpoint URL' })).toHaveAccessibleDescription(/The endpoint must name a public host/)
    },
  },
)

/** ready.main.editing with what the contract refuses before sending. */
export const DraftInvalid = webhooksStory(
  { ready: { main: 'editing' } },
  { draft: { ...EMPTY_WEBHOOK_DRAFT, url: 'ftp://files.acme.test' }, fieldErrors: { url: 'Enter an https:// URL', event_types: 'Choose at least one event' } },
)

/** ready.main.editing an endpoint: its values prefilled. */
export const Editing = webhooksStory({ ready: { main: 'editing' } }, {
  targetId: ordersEndpoint.id,
  draft: { url: ordersEndpoint.url, description: ordersEndpoint.description, eventTypes: ['member.joined', 'member.removed', 'invitation.accepted'], enabled: true },
})

/** ready.main.saving: the changes are being saved. */
export const Saving = webhooksStory({ ready: { main: 'saving' } }, {
  targetId: ordersEndpoint.id,
  draft: { url: ordersEndpoint.url, description: 'Orders and billing', eventTypes: ['member.joined'], enabled: true },
})

/** ready.main.creating: the new endpoint is being added. */
export const Creating = webhooksStory({ ready: { main: 'creating' } }, { draft: { url: newEndpoint.url, description: newEndpoint.description, eventTypes: ['member.joined'], enabled: true } })

/** ready.main.secretShown after adding: the signing secret, once, to copy. */
export const SecretAfterCreate = webhooksStory(
  { ready: { main: 'secretShown' } },
  { endpoints: [newEndpoint, ...threeEndpoints], secret: { endpointId: newEndpoint.id, secret: createdAnswer.secret, reason: 'created' } },
  {
    play: async ({ canvasElement }) => {
      const dialog = await body(canvasElement).findByRole('dialog', { name: 'Endpoint added' })
      await expect(within(dialog).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(createdAnswer.secret)
      await expect(within(dialog).getByText(english.t(WEBHOOK_DIALOG_TEXT.secretWarning))).toBeInTheDocument()
      await expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
      await expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument()
    },
  },
)

/** ready.main.secretShown after rotating: the new secret, and until when the previous one signs. */
export const SecretAfterRotate = webhooksStory(
  { ready: { main: 'secretShown' } },
  { endpoints: [rotatedAnswer.endpoint, ...threeEndpoints.slice(1)], secret: { endpointId: ordersEndpoint.id, secret: rotatedAnswer.secret, reason: 'rotated' } },
)

/** ready.main.confirmingRotate: what rotating does to the current secret. */
export const ConfirmingRotate = webhooksStory({ ready: { main: 'confirmingRotate' } }, { targetId: ordersEndpoint.id }, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Rotate the signing secret?' })
    await expect(within(dialog).getByText(/The current secret keeps signing for 24 hours/)).toBeInTheDocument()
  },
})

/** ready.main.rotating. */
export const Rotating = webhooksStory({ ready: { main: 'rotating' } }, { targetId: ordersEndpoint.id })

/** ready.main.confirmingDelete: the confirmation names the endpoint. */
export const ConfirmingDelete = webhooksStory({ ready: { main: 'confirmingDelete' } }, { targetId: ordersEndpoint.id }, {
  play: async ({ canvasElement }) => {
    const dialog = await body(canvasElement).findByRole('alertdialog', { name: 'Delete this endpoint?' })
    await expect(within(dialog).getByText(ordersEndpoint.url)).toBeInTheDocument()
    await expect(within(dialog).getByRole('button', { name: 'Delete endpoint' })).toBeInTheDocument()
  },
})

/** ready.main.deleting. */
export const Deleting = webhooksStory({ ready: { main: 'deleting' } }, { targetId: ordersEndpoint.id })

/** ready.main.sendingTest: the list waits while the test event is queued. */
export const SendingTest = webhooksStory({ ready: { main: 'sendingTest' } }, { targetId: ordersEndpoint.id })

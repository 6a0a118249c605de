/**
 * The delivery log of one webhook endpoint (the webhookDeliveries machine) in each state a person
 * can see, started from a saved state with calls that never answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { type StateValue, createActor } from 'xstate'
import type { WebhookDeliveriesContext } from '../machines/webhooks/webhookDeliveries.machine.ts'
import { deliveredDelivery, failedDelivery, firstPage, ordersEndpoint, retryingDelivery, secondPage } from '../machines/webhooks/webhooks.fixtures.ts'
import { FULL_WEBHOOK_ACCESS } from '../machines/webhooks/webhooks.selectors.ts'
import { WebhookDeliveryLogView } from '../src/pages/developers/WebhookDeliveryLog.tsx'
import { NOW, quietLog } from './webhook-log.ts'

const meta: Meta = { title: 'Machines/webhookDeliveries', parameters: { layout: 'padded' } }
export default meta
type Story = StoryObj

const logDefaults: WebhookDeliveriesContext = {
  endpointId: ordersEndpoint.id,
  items: [...firstPage.items, ...secondPage.items],
  nextCursor: 'cursor-3',
  pagesLoaded: 2,
  loadError: null,
  moreError: null,
  resendingId: null,
}

function logStory(value: StateValue, context: Partial<WebhookDeliveriesContext> = {}, play?: Story['play']): Story {
  const create = () => {
    const machine = quietLog(null)
    return createActor(machine, { input: { endpointId: ordersEndpoint.id }, snapshot: machine.resolveState({ value, context: { ...logDefaults, ...context } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'webhookDeliveries', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      return <WebhookDeliveryLogView actor={actor} endpoint={ordersEndpoint} access={FULL_WEBHOOK_ACCESS} nowMs={NOW} onBack={() => {}} />
    },
    ...(play ? { play } : {}),
  }
}

/** list.loading. */
export const LogLoading = logStory({ list: 'loading', action: 'idle' }, { items: [], nextCursor: null, pagesLoaded: 0 })

/** list.failed: the reason and 'Try again'. */
export const LogLoadFailed = logStory({ list: 'failed', action: 'idle' }, { items: [], nextCursor: null, pagesLoaded: 0, loadError: 'Could not load the delivery log. Please try again.' })

/** list.loaded with nothing sent yet. */
export const LogEmpty = logStory({ list: 'loaded', action: 'idle' }, { items: [], nextCursor: null, pagesLoaded: 1 })

/** list.loaded: delivered, retrying and failed deliveries; opening one shows its attempts and payload as text. */
export const LogLoaded = logStory({ list: 'loaded', action: 'idle' }, {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  const rows = within(canvas.getByRole('list', { name: 'Deliveries' })).getAllByRole('listitem')
  await expect(rows).toHaveLength(3)
  await expect(within(rows[0]!).getByText('Delivered')).toBeInTheDocument()
  await expect(within(rows[1]!).getByText('Retrying')).toBeInTheDocument()
  await expect(within(rows[2]!).getByText('Failed')).toBeInTheDocument()
  await userEvent.click(within(rows[1]!).getByRole('button', { name: retryingDelivery.event_type }))
  // The answer is shown as the text it was, never as markup.
  await expect(await within(rows[1]!).findByText(retryingDelivery.attempts[0]!.response_excerpt)).toBeInTheDocument()
  await expect(within(rows[1]!).queryByRole('heading', { name: '503 Service Unavailable' })).toBeNull()
  await expect(canvas.getByRole('button', { name: 'Load more' })).toBeEnabled()
})

/** list.loaded with a delivery opened: every attempt of a failed delivery. */
export const LogFailedDelivery = logStory({ list: 'loaded', action: 'idle' }, { items: [failedDelivery, deliveredDelivery], nextCursor: null }, async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: failedDelivery.event_type }))
  await expect(await within(canvasElement).findByText('Timed out after 10 s')).toBeInTheDocument()
})

/** list.loaded after a further page could not be read: the reason under the list. */
export const LogMoreFailed = logStory({ list: 'loaded', action: 'idle' }, { moreError: 'Could not load more deliveries. Please try again.' })

/** action.resending: the delivery's 'Resend' busy. */
export const LogResending = logStory({ list: 'loaded', action: 'resending' }, { resendingId: failedDelivery.id })

/** action.sendingTest: 'Send test event' busy. */
export const LogSendingTest = logStory({ list: 'loaded', action: 'sendingTest' })

/** list.loadingMore: 'Load more' busy under the deliveries. */
export const LogLoadingMore = logStory({ list: 'loadingMore', action: 'idle' })

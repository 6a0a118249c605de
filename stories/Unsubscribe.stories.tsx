import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { UnsubscribeResponse } from '../contract/notifications.ts'
import { UNSUBSCRIBE_LINK_INVALID } from '../contract/notifications.ts'
import type { Endpoints } from '../src/api/endpoints.ts'
import { UnsubscribePage } from '../src/pages/mail/UnsubscribePage.tsx'
import { ApiProvider } from '../src/system/api.tsx'

/**
 * One-click unsubscribe: /unsubscribe?token=… (the unsubscribe machine) in each visible
 * state, through a stub API whose calls answer as the story says (or never, for the busy states).
 */
const meta: Meta = { title: 'Machines/unsubscribe' }
export default meta

type Mail = Endpoints['mail']
const never = () => new Promise<never>(() => {})
const refused = (status: number, code: string, message: string) => Promise.reject(Object.assign(new Error(message), { status, code, issues: [] }))
const team: UnsubscribeResponse = { category: { id: 'team', name: 'Team Activity' }, email: 'ada@acme.test', unsubscribed: false }
const off: UnsubscribeResponse = { ...team, unsubscribed: true }
const state = (value: string) => ({ machine: 'unsubscribe', state: value })

function withApi(mail: Partial<Mail>, value: string, token = 'unsubscribe-token'): StoryObj {
  return {
    parameters: { machineState: state(value) },
    render: () => (
      <ApiProvider api={{ mail: { describeUnsubscribe: never, unsubscribe: never, ...mail } } as unknown as Endpoints}>
        <UnsubscribePage token={token} />
      </ApiProvider>
    ),
  }
}

const clickUnsubscribe = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement)
  await userEvent.click(await canvas.findByRole('button', { name: 'Unsubscribe' }))
  return canvas
}

/** unsubscribe.loading: the link is being checked (nothing changes yet). */
export const Loading = withApi({}, 'loading')

/** unsubscribe.ready: what the link turns off, waiting for the click. */
export const Ready: StoryObj = {
  ...withApi({ describeUnsubscribe: async () => team }, 'ready'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Unsubscribe' })).toBeVisible()
    await expect(canvas.getByText(/You'll still see these notifications in your Engage inbox/)).toBeVisible()
  },
}

/** unsubscribe.ready for a digest's link: every notification email. */
export const ReadyAllEmails = withApi({ describeUnsubscribe: async () => ({ ...team, category: { id: 'all', name: 'All notification emails' } }) }, 'ready')

/** unsubscribe.submitting: the server has not answered the click. */
export const Unsubscribing: StoryObj = {
  ...withApi({ describeUnsubscribe: async () => team }, 'submitting'),
  play: async ({ canvasElement }) => {
    const canvas = await clickUnsubscribe(canvasElement)
    await expect(await canvas.findByRole('button', { name: 'Unsubscribing…' })).toBeVisible()
  },
}

/** unsubscribe.failed before anything was loaded: the server could not be reached. */
export const LoadFailed = withApi({ describeUnsubscribe: () => refused(0, 'network_error', 'Could not reach the server. Check your connection and try again.') }, 'failed')

/** unsubscribe.failed after the click: the question stays, with 'Try again'. */
export const UnsubscribeFailed: StoryObj = {
  ...withApi({ describeUnsubscribe: async () => team, unsubscribe: () => refused(503, 'unavailable', 'Engage is busy. Please try again in a minute.') }, 'failed'),
  play: async ({ canvasElement }) => {
    const canvas = await clickUnsubscribe(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Engage is busy')
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible()
  },
}

/** unsubscribe.done: that category's emails are off. */
export const Done: StoryObj = {
  ...withApi({ describeUnsubscribe: async () => team, unsubscribe: async () => off }, 'done'),
  play: async ({ canvasElement }) => {
    const canvas = await clickUnsubscribe(canvasElement)
    await expect(await canvas.findByRole('status')).toHaveTextContent("You won't get emails about Team Activity any more.")
    await expect(canvas.getByRole('link', { name: 'Notification preferences' })).toHaveAttribute('href', '/app/notification-settings')
  },
}

/** unsubscribe.alreadyUnsubscribed: the link's emails were off before (a second click on an old email). */
export const AlreadyUnsubscribed = withApi({ describeUnsubscribe: async () => off }, 'alreadyUnsubscribed')

/** unsubscribe.invalid: a forged, foreign or outdated link. */
export const InvalidLink: StoryObj = {
  ...withApi({ describeUnsubscribe: () => refused(400, 'invalid_request', UNSUBSCRIBE_LINK_INVALID) }, 'invalid'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_LINK_INVALID)
    await expect(canvas.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
  },
}

import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import type { Endpoints } from '../src/api/endpoints.ts'
import { SetPasswordPage } from '../src/pages/SetPasswordPage.tsx'
import { ApiProvider } from '../src/system/api.tsx'

/** The setPassword machine's visible states (editing, field errors, submitting, done), through a stub API. */
// Every story is `editing` unless it says otherwise (stories/machine-states.ts).
const meta: Meta = { title: 'Machines/setPassword', parameters: { machineState: { machine: 'setPassword', state: 'editing' } } }
export default meta

function withApi(setPassword: Endpoints['setPassword'], token = 'invite-token'): StoryObj {
  return {
    render: () => (
      <ApiProvider api={{ setPassword } as Endpoints}>
        <SetPasswordPage token={token} />
      </ApiProvider>
    ),
  }
}

const type = async (canvasElement: HTMLElement, password: string, confirmation: string) => {
  const canvas = within(canvasElement)
  await userEvent.type(canvas.getByLabelText('New password'), password)
  await userEvent.type(canvas.getByLabelText('Confirm password'), confirmation)
  await userEvent.click(canvas.getByRole('button', { name: 'Set password' }))
  return canvas
}

/** `editing`: nothing typed yet. */
export const Editing = withApi(async () => ({ ok: true }))

/** `editing` with field errors: too short, and a confirmation that differs. */
export const FieldErrors: StoryObj = {
  ...withApi(async () => ({ ok: true })),
  play: async ({ canvasElement }) => {
    const canvas = await type(canvasElement, 'short', 'other')
    await expect(await canvas.findByText('Use at least 10 characters')).toBeVisible()
  },
}

/** `editing` after the server refused the link (expired or used). */
export const LinkExpired: StoryObj = {
  ...withApi(async () => Promise.reject(Object.assign(new Error('This link has expired or was already used.'), { code: 'invalid_request', issues: [] }))),
  play: async ({ canvasElement }) => {
    const canvas = await type(canvasElement, 'long-enough-password', 'long-enough-password')
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This link has expired or was already used.')
  },
}

/** `submitting`: the server has not answered. */
export const Submitting: StoryObj = {
  parameters: { machineState: { machine: 'setPassword', state: 'submitting' } },
  ...withApi(() => new Promise(() => {})),
  play: async ({ canvasElement }) => {
    const canvas = await type(canvasElement, 'long-enough-password', 'long-enough-password')
    await expect(await canvas.findByRole('button', { name: 'Saving…' })).toBeVisible()
  },
}

/** `done`: the password is set. */
export const Done: StoryObj = {
  parameters: { machineState: { machine: 'setPassword', state: 'done' } },
  ...withApi(async () => ({ ok: true })),
  play: async ({ canvasElement }) => {
    const canvas = await type(canvasElement, 'long-enough-password', 'long-enough-password')
    await expect(await canvas.findByRole('heading', { name: 'Your password is set' })).toBeVisible()
  },
}

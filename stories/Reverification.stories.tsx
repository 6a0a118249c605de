/**
 * 'Confirm it's you': the dialog a sensitive change opens when the server answers 403
 * `reverification_required`, in each state a person can see, each started from a saved state
 * (`resolveState`) with calls that never answer. The dialog renders over the page (a portal), so
 * the plays look in the document's body.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import { REVERIFICATION_MESSAGES, type ReverificationStatus, type ReverifyResponse } from '../contract/reverification.ts'
import {
  REVERIFICATION_LOAD_FAILED_MESSAGE,
  REVERIFICATION_NO_FACTOR_MESSAGE,
  type ReverificationContext,
  reverificationMachine,
  type SecretFactor,
} from '../machines/reverification/reverification.machine.ts'
import { ReverificationDialog } from '../src/ui/ReverificationDialog.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'

const meta: Meta = { title: 'Machines/reverification', parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})
const defaults: ReverificationContext = {
  passkeySupported: true,
  factors: ['password'],
  method: 'password',
  password: '',
  code: '',
  fieldError: null,
  formError: null,
}

function story(value: StateValue, context: Partial<ReverificationContext> = {}, play?: Story['play']): Story {
  const create = () => {
    const machine = reverificationMachine.provide({
      actors: {
        loadStatus: fromPromise(() => pending<ReverificationStatus>()),
        verifySecret: fromPromise<ReverifyResponse, SecretFactor>(() => pending()),
        verifyPasskey: fromPromise(() => pending<ReverifyResponse>()),
      },
    })
    return createActor(machine, { input: {}, snapshot: machine.resolveState({ value, context: { ...defaults, ...context } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'reverification', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      return <ReverificationDialog actor={actor} />
    },
    ...(play ? { play } : {}),
  }
}

const dialog = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).findByRole('dialog', { name: "Confirm it's you" })

/** asking.loading: the title and the line while the factors load; Confirm waits. */
export const Loading = story({ asking: 'loading' }, { factors: [] }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('button', { name: 'Confirm' })).toBeDisabled()
})

/** asking.loadFailed: the reason and 'Try again'. */
export const LoadFailed = story({ asking: 'loadFailed' }, { factors: [], formError: REVERIFICATION_LOAD_FAILED_MESSAGE }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('alert')).toHaveTextContent(createTranslator(ENGLISH).text(REVERIFICATION_LOAD_FAILED_MESSAGE))
  await expect(within(d).getByRole('button', { name: 'Try again' })).toBeEnabled()
})

/** asking.noFactor: nothing to confirm with in this browser; only Cancel. */
export const NoFactor = story({ asking: 'noFactor' }, { factors: ['passkey'], passkeySupported: false, formError: REVERIFICATION_NO_FACTOR_MESSAGE }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('alert')).toHaveTextContent('Your account has no password or code to confirm with here. Sign out and sign in again to continue.')
  await expect(within(d).queryByRole('button', { name: 'Confirm' })).toBeNull()
})

/** asking.editing: the password, Confirm and Cancel. */
export const Password = story({ asking: 'editing' }, {}, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(d).toHaveAccessibleDescription('For your security, enter your password to continue.')
  const field = within(d).getByLabelText(/Password/)
  await expect(field).toHaveAttribute('type', 'password')
  await userEvent.type(field, 'demo-password')
  await expect(field).toHaveValue('demo-password')
  await expect(within(d).getByRole('button', { name: 'Cancel' })).toBeEnabled()
  await expect(within(d).queryByRole('button', { name: 'Use a passkey' })).toBeNull()
})

/** asking.editing with two-factor on and a passkey: the Password / Code choice, on the code tab, and 'Use a passkey'. */
export const CodeAndPasskey = story({ asking: 'editing' }, { factors: ['password', 'code', 'passkey'], method: 'code', code: '123 456' }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('radio', { name: 'Code' })).toBeChecked()
  await expect(within(d).getByLabelText(/Authentication or recovery code/)).toHaveValue('123 456')
  await expect(within(d).getByRole('button', { name: 'Use a passkey' })).toBeEnabled()
})

/** asking.editing for an account with only a passkey: no field, the passkey is the one action. */
export const PasskeyOnly = story({ asking: 'editing' }, { factors: ['passkey'] }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(d).toHaveAccessibleDescription('For your security, use your passkey to continue.')
  await expect(within(d).queryByRole('button', { name: 'Confirm' })).toBeNull()
})

/** asking.failed: the server refused the password: its message on the field, what was typed kept. */
export const WrongPassword = story(
  { asking: 'failed' },
  { password: 'not-it', fieldError: REVERIFICATION_MESSAGES.wrongPassword },
  async ({ canvasElement }) => {
    const d = await dialog(canvasElement)
    await expect(within(d).getByText(REVERIFICATION_MESSAGES.wrongPassword)).toBeInTheDocument()
    await expect(within(d).getByLabelText(/Password/)).toHaveAttribute('aria-invalid', 'true')
  },
)

/** asking.failed: too many attempts, above the form. */
export const TooManyAttempts = story({ asking: 'failed' }, { password: 'guess', formError: 'Too many attempts. Try again in 900 seconds.' }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('alert')).toHaveTextContent('Too many attempts. Try again in 900 seconds.')
})

/** checking.secret: 'Confirming…', the field waits. */
export const Checking = story({ checking: 'secret' }, { password: 'demo-password' }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('button', { name: /Confirming/ })).toBeInTheDocument()
  await expect(within(d).getByLabelText(/Password/)).toBeDisabled()
})

/** checking.passkey: the browser's passkey prompt is open. */
export const WaitingForPasskey = story({ checking: 'passkey' }, { factors: ['password', 'passkey'] }, async ({ canvasElement }) => {
  const d = await dialog(canvasElement)
  await expect(within(d).getByRole('button', { name: /Waiting for your passkey/ })).toBeInTheDocument()
})

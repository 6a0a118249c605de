/**
 * The sign-up-info form (/app/sign-up-info, the signupInfo machine), one story per state a person
 * can see. The actor starts from a saved state with calls that never answer.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, screen, userEvent, within } from 'storybook/test'
import { createActor, fromPromise } from 'xstate'
import type { WorkspaceItem } from '../contract/api.ts'
import { type SignupInfoContext, signupInfoMachine } from '../machines/signupInfo/signupInfo.machine.ts'
import { initech } from '../machines/testing/fixtures.ts'
import { SignUpInfoView } from '../src/pages/SignUpInfoPage.tsx'

const meta: Meta = { title: 'Machines/signupInfo', parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

// The sign-up-info form

const signupDefaults: SignupInfoContext = { company_name: initech.org_name, team_size: '', use_case: '', fieldErrors: {}, formError: null }

function signupInfoIn(value: string, context: Partial<SignupInfoContext> = {}): Story {
  return {
    render: () => {
      const machine = signupInfoMachine.provide({ actors: { completeSignup: fromPromise(() => new Promise<WorkspaceItem>(() => {})) } })
      const actor = createActor(machine, { input: {}, snapshot: machine.resolveState({ value, context: { ...signupDefaults, ...context } }) }).start()
      return <SignUpInfoView actor={actor} orgName={initech.org_name} />
    },
    parameters: { machineState: { machine: 'signupInfo', state: value } },
  }
}

/** `editing`: the company name starts as the workspace's name. */
export const SignUpInfoEditing: Story = {
  ...signupInfoIn('editing'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: /Team size/ }))
    await userEvent.click(await screen.findByRole('option', { name: '11–50 people' }))
    await expect(canvas.getByRole('button', { name: /Team size/ })).toHaveTextContent('11–50 people')
  },
}

/** `editing` after sending an empty form: every field says what it needs. */
export const SignUpInfoFieldErrors: Story = {
  ...signupInfoIn('editing', { company_name: '' }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }))
    await expect(await canvas.findByText('Company name is required')).toBeVisible()
    await expect(canvas.getByText('Choose your team size')).toBeVisible()
    await expect(canvas.getByText('Use case is required')).toBeVisible()
  },
}

/** `editing` after a failure no field can carry: the message above the form. */
export const SignUpInfoFailed: Story = signupInfoIn('editing', {
  team_size: '11-50',
  use_case: 'Answer support calls with AI agents.',
  formError: 'Could not save your details. Please try again.',
})

/** `submitting`: the form is disabled while the details are saved. */
export const SignUpInfoSubmitting: Story = signupInfoIn('submitting', { team_size: '11-50', use_case: 'Answer support calls with AI agents.' })

/** `completed`: saved; the session is verified again and the dashboard opens. */
export const SignUpInfoCompleted: Story = signupInfoIn('completed', { team_size: '11-50', use_case: 'Answer support calls with AI agents.' })

/**
 * Workspace Settings (SPEC §2.4), one story per state a person can see: its name, the two-factor
 * requirement and the workspace language, each a region of the workspaceSettings machine started
 * from a saved state with stubbed actors that never settle.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, within } from 'storybook/test'
import { createActor, fromPromise } from 'xstate'
import type { Language, WorkspaceItem } from '../contract/api.ts'
import { TWO_FACTOR_MESSAGES } from '../contract/twoFactor.ts'
import { workspaceSettingsMachine, type WorkspaceSettingsContext } from '../machines/workspaceSettings/workspaceSettings.machine.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { WorkspaceSettingsView } from '../src/pages/WorkspaceSettingsPage.tsx'
import { PermissionsActorProvider } from '../src/system/react.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { permissionsActorFor } from './permissions-actor.tsx'

const meta: Meta = { title: 'Machines/workspaceSettings', parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

type RequirementState = 'idle' | 'saving' | 'saved' | 'failed'

function settings(
  value: 'editing' | 'saving',
  context: Partial<WorkspaceSettingsContext> = {},
  refs: ReadonlyArray<string> = ['SUPER_ADMIN'],
  requirement: RequirementState = 'idle',
  language: RequirementState = 'idle',
): Story {
  const state = { name: value, requirement, language }
  return {
    render: function Render() {
      const [actors] = useState(() => {
        const machine = workspaceSettingsMachine.provide({
          actors: {
            renameWorkspace: fromPromise(() => new Promise<WorkspaceItem>(() => {})),
            setRequirement: fromPromise(() => new Promise<{ require_two_factor: boolean }>(() => {})),
            setDefaultLanguage: fromPromise(() => new Promise<{ default_language?: Language | null }>(() => {})),
          },
        })
        const actor = createActor(machine, {
          input: { name: 'Acme Support' },
          snapshot: machine.resolveState({
            value: state,
            context: {
              name: 'Acme Support',
              fieldErrors: {},
              formError: null,
              requireTwoFactor: false,
              requirementRequest: null,
              requirementError: null,
              defaultLanguage: null,
              languageRequest: null,
              languageError: null,
              ...context,
            },
          }),
        }).start()
        return { actor, permissions: permissionsActorFor(refs), toasts: createActor(toastsMachine).start() }
      })
      return (
        <ToastsActorProvider actor={actors.toasts}>
          <PermissionsActorProvider actor={actors.permissions}>
            <main style={{ padding: 24 }}>
              <WorkspaceSettingsView actor={actors.actor} />
            </main>
          </PermissionsActorProvider>
        </ToastsActorProvider>
      )
    },
    parameters: { machineState: { machine: 'workspaceSettings', state } },
  }
}

/** The rename form with the current name. */
export const SettingsEditing: Story = settings('editing')

/** An empty name: the contract's message on the field. */
export const SettingsNameRequired: Story = {
  ...settings('editing', { name: '', fieldErrors: { org_name: 'Workspace name is required' } }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Workspace name is required')).toBeInTheDocument()
  },
}

/** A member without ORGANIZATIONS update: 'Save changes' is denied with its reason, the two-factor switch disabled. */
export const SettingsWithoutPermission: Story = {
  ...settings('editing', {}, ['set-agent']),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true')
    await expect(within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })).toBeDisabled()
  },
}

/** Turning the requirement on: the switch shows on, disabled, while it saves. */
export const SettingsRequirementSaving: Story = {
  ...settings('editing', { requirementRequest: true }, undefined, 'saving'),
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })
    await expect(toggle).toBeChecked()
    await expect(toggle).toBeDisabled()
  },
}

/** Saved: the switch on (a toast says so, and the session is verified again). */
export const SettingsRequirementSaved: Story = {
  ...settings('editing', { requireTwoFactor: true }, undefined, 'saved'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })).toBeChecked()
  },
}

/** An admin without two-factor of their own is refused (409): the switch back off, the server's message beside it. */
export const SettingsRequirementFailed: Story = {
  ...settings('editing', { requirementError: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor }, undefined, 'failed'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: 'Require two-factor authentication for all members' })).not.toBeChecked()
    await expect(within(within(canvasElement).getByRole('region', { name: 'Security' })).getByRole('status')).toHaveTextContent(TWO_FACTOR_MESSAGES.adminWithoutTwoFactor)
  },
}

/** `language.saving`: Deutsch being saved as the default for new members; the field waits. */
export const SettingsLanguageSaving: Story = settings('editing', { languageRequest: { value: 'de' } }, ['SUPER_ADMIN'], 'idle', 'saving')

/** `language.saved`: the default is Español (the toast has said so). */
export const SettingsLanguageSaved: Story = settings('editing', { defaultLanguage: 'es' }, ['SUPER_ADMIN'], 'idle', 'saved')

/** `language.failed`: the save failed; the field shows the saved value again and says why. */
export const SettingsLanguageFailed: Story = {
  ...settings('editing', { languageError: 'You need the Edit permission on Workspace to do this.' }, ['SUPER_ADMIN'], 'idle', 'failed'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You need the Edit permission on Workspace to do this.')).toBeInTheDocument()
    await expect(within(canvasElement).getByRole('button', { name: /Default language for new members/ })).toHaveTextContent('Each person’s browser')
  },
}

/** Saving: the button shows its busy state and the field is disabled. */
export const SettingsSaving: Story = {
  ...settings('saving', { name: 'Acme Care' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true')
  },
}

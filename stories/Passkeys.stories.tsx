/**
 * Passkeys: the Security tab's Passkeys section (SPEC §2.4) in each state a person can see, each
 * started from a saved state (`resolveState`) with calls that never answer. Relative times are
 * counted from a fixed moment so the stories do not drift.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { PasskeyItem } from '../contract/passkeys.ts'
import { PASSKEY_EXISTS_MESSAGE } from '../machines/passkeys/passkeys.errors.ts'
import { prompted, securityKey, syncedPasskey, twoPasskeys } from '../machines/passkeys/passkeys.fixtures.ts'
import { PASSKEY_CANCELLED_NOTICE, type PasskeysContext, type PromptedPasskey, passkeysMachine } from '../machines/passkeys/passkeys.machine.ts'
import { PasskeysView } from '../src/pages/security/PasskeysSection.tsx'

const meta: Meta = { title: 'Machines/passkeys' }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})
/** 25 Nov 2026, 13:30 UTC: the fixtures' times read "18 hours ago", "3 weeks ago"... */
const NOW = Date.parse('2026-11-25T13:30:00.000Z')

const defaults: PasskeysContext = {
  supported: true,
  passkeys: twoPasskeys,
  loadError: null,
  draftName: '',
  targetId: null,
  nameError: null,
  error: null,
  notice: null,
  prompted: null,
}

function passkeysStory(value: StateValue, context: Partial<PasskeysContext> = {}, play?: Story['play']): Story {
  const create = () => {
    const machine = passkeysMachine.provide({
      actors: {
        loadPasskeys: fromPromise(() => pending<ReadonlyArray<PasskeyItem>>()),
        promptForPasskey: fromPromise(() => pending<PromptedPasskey>()),
        savePasskey: fromPromise<PasskeyItem, { name: string; prompted: PromptedPasskey }>(() => pending()),
        renamePasskey: fromPromise<PasskeyItem, { id: string; name: string }>(() => pending()),
        deletePasskey: fromPromise<void, { id: string }>(() => pending()),
      },
    })
    return createActor(machine, { input: { supported: true }, snapshot: machine.resolveState({ value, context: { ...defaults, ...context } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'passkeys', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      return <PasskeysView actor={actor} nowMs={NOW} />
    },
    ...(play ? { play } : {}),
  }
}

/** loading: a placeholder while the list is on its way. */
export const PasskeysLoading = passkeysStory('loading', { passkeys: null })

/** failed: the reason and 'Try again'. */
export const PasskeysLoadFailed = passkeysStory('failed', { passkeys: null, loadError: 'Could not load your passkeys. Please try again.' }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
})

/** ready.idle: a synced passkey used yesterday and a security key never used. */
export const PasskeysList = passkeysStory({ ready: 'idle' }, {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  const rows = canvas.getAllByRole('listitem')
  await expect(rows).toHaveLength(2)
  await expect(within(rows[0]!).getByText('Synced passkey')).toBeInTheDocument()
  await expect(within(rows[1]!).getByText('This device only')).toBeInTheDocument()
  await expect(within(rows[1]!).getByText(/Never used/)).toBeInTheDocument()
  await expect(canvas.getByRole('button', { name: 'Add a passkey' })).toBeEnabled()
})

/** ready.idle without any passkey yet. */
export const PasskeysEmpty = passkeysStory({ ready: 'idle' }, { passkeys: [] })

/** ready.idle in a browser without WebAuthn: the list, a line saying so, and no 'Add a passkey'. */
export const PasskeysUnsupported = passkeysStory({ ready: 'idle' }, { supported: false }, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByText(/does not support passkeys/)).toBeInTheDocument()
  await expect(canvas.queryByRole('button', { name: 'Add a passkey' })).toBeNull()
})

/** ready.idle after a refused delete: the server's reason above the list. */
export const PasskeysDeleteRefused = passkeysStory({ ready: 'idle' }, { error: "Confirm it's you to make this change: enter your password, a code or use a passkey." })

/** ready.naming: the name first. */
export const PasskeysNaming = passkeysStory({ ready: 'naming' }, { draftName: 'Work laptop' })

/** ready.naming after the person closed the browser's prompt: a calm note, not an error. */
export const PasskeysPromptClosed = passkeysStory({ ready: 'naming' }, { draftName: 'Work laptop', notice: PASSKEY_CANCELLED_NOTICE }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('status')).toHaveTextContent('No passkey was added. You can try again whenever you like.')
  await expect(within(canvasElement).queryByRole('alert')).toBeNull()
})

/** ready.naming when this device already holds one of the person's passkeys. */
export const PasskeysAlreadyOnDevice = passkeysStory({ ready: 'naming' }, { draftName: 'Work laptop', error: PASSKEY_EXISTS_MESSAGE })

/** ready.naming with a name the contract refuses. */
export const PasskeysNameRequired = passkeysStory({ ready: 'naming' }, { draftName: '', nameError: 'Name is required' })

/** ready.prompting: the browser's prompt is open. */
export const PasskeysPrompting = passkeysStory({ ready: 'prompting' }, { draftName: 'Work laptop' })

/** ready.saving: the new passkey is being saved. */
export const PasskeysSaving = passkeysStory({ ready: 'saving' }, { draftName: 'Work laptop', prompted })

/** ready.renaming: the name prefilled. */
export const PasskeysRenaming = passkeysStory({ ready: 'renaming' }, { targetId: securityKey.id, draftName: securityKey.name })

/** ready.savingName. */
export const PasskeysSavingName = passkeysStory({ ready: 'savingName' }, { targetId: securityKey.id, draftName: 'YubiKey (blue)' })

/** ready.confirmingDelete: the confirmation names the passkey. */
export const PasskeysConfirmingDelete = passkeysStory({ ready: 'confirmingDelete' }, { targetId: syncedPasskey.id }, async ({ canvasElement }) => {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Delete this passkey?' })
  await expect(within(dialog).getByRole('button', { name: 'Delete passkey' })).toBeInTheDocument()
})

/** ready.deleting. */
export const PasskeysDeleting = passkeysStory({ ready: 'deleting' }, { targetId: syncedPasskey.id })

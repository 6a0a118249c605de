/**
 * Profile Settings › Security › Sessions (SPEC §2.4 Sessions) in each state a person can see, each
 * started from a saved state (`resolveState`) with calls that never answer. Relative times are
 * counted from a fixed moment so the stories do not drift.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { RevokeOtherSessionsResponse, SessionItem } from '../contract/sessions.ts'
import { phone, thisMac, threeSessions, unknownDevice } from '../machines/sessions/sessions.fixtures.ts'
import { type SessionsContext, sessionsMachine } from '../machines/sessions/sessions.machine.ts'
import { SessionsView } from '../src/pages/security/SessionsSection.tsx'

const meta: Meta = { title: 'Machines/sessions' }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})
/** 25 Nov 2026, 13:30 UTC: the fixtures' times read "2 hours ago", "5 days ago"... */
const NOW = Date.parse('2026-11-25T13:30:00.000Z')

const sessionsDefaults: SessionsContext = { sessions: threeSessions, loadError: null, removed: [] }

function sessionsStory(value: StateValue, context: Partial<SessionsContext> = {}, play?: Story['play']): Story {
  const create = () => {
    const machine = sessionsMachine.provide({
      actors: {
        loadSessions: fromPromise(() => pending<ReadonlyArray<SessionItem>>()),
        revokeSession: fromPromise<void, { id: string }>(() => pending()),
        revokeOtherSessions: fromPromise(() => pending<RevokeOtherSessionsResponse>()),
      },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { ...sessionsDefaults, ...context } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'sessions', state: value } },
    render: function Render() {
      const [actor] = useState(create)
      return <SessionsView actor={actor} nowMs={NOW} />
    },
    ...(play ? { play } : {}),
  }
}

/** loading: placeholders while the list is on its way. */
export const SessionsLoading = sessionsStory('loading', { sessions: null })

/** failed: the reason and 'Try again'. */
export const SessionsLoadFailed = sessionsStory(
  'failed',
  { sessions: null, loadError: 'Could not reach the server. Check your connection and try again.' },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Try again' })).toBeInTheDocument()
  },
)

/** ready.idle: this device first and marked, a phone, and an agent that said nothing. */
export const SessionsList = sessionsStory({ ready: 'idle' }, {}, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  const rows = canvas.getAllByRole('listitem')
  await expect(rows).toHaveLength(3)
  await expect(within(rows[0]!).getByText('This device')).toBeInTheDocument()
  // This device is signed out from the user menu, not here.
  await expect(within(rows[0]!).queryByRole('button', { name: 'Sign out' })).toBeNull()
  await expect(within(rows[1]!).getByRole('button', { name: 'Sign out' })).toBeEnabled()
  await expect(within(rows[2]!).getByText('Location unknown')).toBeInTheDocument()
  await expect(within(rows[0]!).getByText('2 hours ago')).toHaveAttribute('datetime', thisMac.last_used_at)
})

/** ready.idle with only this device: nothing else to sign out. */
export const SessionsOnlyThisDevice = sessionsStory({ ready: 'idle' }, { sessions: [thisMac] }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('button', { name: 'Sign out of all other sessions' })).toBeDisabled()
})

/** ready.confirmingOthers: the confirmation. */
export const SessionsConfirmingOthers = sessionsStory({ ready: 'confirmingOthers' }, {}, async ({ canvasElement }) => {
  const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog', { name: 'Sign out of all other sessions?' })
  await expect(within(dialog).getByRole('button', { name: 'Sign out others' })).toBeInTheDocument()
})

/** ready.revoking: the phone left the list at once (optimistic); other sign-outs wait. */
export const SessionsRevoking = sessionsStory({ ready: 'revoking' }, { sessions: [thisMac, unknownDevice], removed: [{ session: phone, index: 1 }] })

/** ready.revokingOthers: only this device is left while the server signs the others out. */
export const SessionsRevokingOthers = sessionsStory(
  { ready: 'revokingOthers' },
  { sessions: [thisMac], removed: [{ session: phone, index: 1 }, { session: unknownDevice, index: 2 }] },
)

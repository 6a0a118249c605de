/**
 * The human-verification overlay (SPEC.md §2.6, §4 Human verification, §8), one story per state
 * of the `verificationGate` machine a person can see. Each starts the machine from a saved state
 * (`resolveState`) with actors that never settle, so the story shows exactly that state. The
 * ALTCHA widget waits for a click here (`auto="off"`) instead of solving at once: a story has no
 * server to fetch a challenge from. `verified` shows no overlay at all, only the page.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import type { BotCheckConfigResponse, VerifyBotCheckResponse } from '../contract/botcheck.ts'
import { type VerificationGateContext, verificationGateMachine } from '../machines/verificationGate/verificationGate.machine.ts'
import { sameGateView, selectGateView } from '../machines/verificationGate/verificationGate.selectors.ts'
import { AltchaWidget } from '../src/ui/botcheck/AltchaWidget.tsx'
import { GateScreen, PREPARING_LABEL, VERIFICATION_TITLE } from '../src/ui/botcheck/VerificationGate.tsx'

const meta: Meta = { title: 'Machines/verificationGate', parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

const never = <T, I = unknown>() => fromPromise<T, I>(() => new Promise<T>(() => {}))
const altcha: VerificationGateContext = { bypass: false, provider: { kind: 'altcha' }, attempt: 0 }

function inState(value: StateValue, context: VerificationGateContext): Story {
  return {
    parameters: { machineState: { machine: verificationGateMachine.id, state: value } },
    render: function GateStory() {
      const [actor] = useState(() => {
        const machine = verificationGateMachine.provide({ actors: { loadConfig: never<BotCheckConfigResponse>(), verifyToken: never<VerifyBotCheckResponse, { token: string }>() } })
        return createActor(machine, { input: {}, snapshot: machine.resolveState({ value, context }) }).start()
      })
      const view = useSelector(actor, selectGateView, sameGateView)
      return (
        <GateScreen
          actor={actor}
          view={view}
          renderWidget={(props) => <AltchaWidget challengeUrl={props.challengeUrl} onToken={props.onToken} onError={props.onError} auto="off" />}
        >
          <main style={{ padding: 24 }}>
            <h1>Sign in to Engage</h1>
            <p>The page, shown once the visitor has passed the check.</p>
          </main>
        </GateScreen>
      )
    },
  }
}

const expectModal = async (canvasElement: HTMLElement) => {
  // The modal renders in a portal on <body>, outside the story's root.
  const body = within(canvasElement.ownerDocument.body)
  const dialog = await body.findByRole('dialog', { name: VERIFICATION_TITLE })
  // Visible once the modal's fade-in (the Modal primitive's) has begun.
  await waitFor(() => expect(dialog).toBeVisible())
  // SPEC §8: no message in any state.
  await expect(body.queryByRole('alert')).toBeNull()
  return body
}

/**
 * `unverified.loading`: the configuration is on its way, so whether a check is needed is not known
 * yet: the splash blocks the page, and the modal's code is not loaded.
 */
export const Loading: Story = {
  ...inState({ unverified: 'loading' }, { ...altcha, provider: null }),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body)
    await expect(body.getByRole('status', { name: 'Loading Engage' })).toBeVisible()
    await expect(body.queryByRole('dialog')).toBeNull()
    await expect(body.queryByRole('heading', { name: 'Sign in to Engage' })).toBeNull()
  },
}

/** `unverified.ready`: the ALTCHA widget (in the app it starts solving at once and clears by itself). */
export const Unverified: Story = {
  ...inState({ unverified: 'ready' }, altcha),
  play: async ({ canvasElement }) => {
    const body = await expectModal(canvasElement)
    await expect(body.queryByRole('progressbar')).toBeNull()
  },
}

/** `unverified.waiting`: a check failed (logged only, SPEC §8); a fresh widget comes after 3 s. No message. */
export const AfterAFailure: Story = {
  ...inState({ unverified: 'waiting' }, { ...altcha, attempt: 1 }),
  play: async ({ canvasElement }) => {
    const body = await expectModal(canvasElement)
    await expect(body.getByRole('progressbar', { name: PREPARING_LABEL })).toBeVisible()
  },
}

/** `verifying`: the widget solved its challenge and the server is checking the token; the gate still blocks. */
export const Verifying: Story = {
  ...inState('verifying', altcha),
  play: async ({ canvasElement }) => {
    const body = await expectModal(canvasElement)
    await expect(body.queryByRole('progressbar')).toBeNull()
  },
}

/** `verified`: no overlay; the page shows. */
export const Verified: Story = {
  ...inState('verified', altcha),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Sign in to Engage' })).toBeVisible()
    await expect(within(canvasElement.ownerDocument.body).queryByRole('dialog')).toBeNull()
  },
}

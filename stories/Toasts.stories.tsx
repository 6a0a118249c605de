import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { createActor, fromCallback } from 'xstate'
import { type ToastAction, type ToastType, toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'

/**
 * SPEC §3 Toast, §4: one story per toast type, started from a saved state (no timers run). Each
 * type has its icon; the region sits above the floating bug-report button.
 */
const meta: Meta = { title: 'Machines/toasts', parameters: { machineState: { machine: 'toasts', state: 'active' } } }
export default meta

type StoryToast = { type: ToastType; message: string; action?: ToastAction }

function toastsIn(toasts: ReadonlyArray<StoryToast>) {
  const actor = createActor(toastsMachine, {
    snapshot: toastsMachine.resolveState({
      value: 'active',
      context: { toasts: toasts.map((t, i) => ({ id: `toast-${i + 1}`, ...t })), nextId: toasts.length + 1 },
    }),
  })
  actor.start()
  return actor
}

const story = (toasts: ReadonlyArray<StoryToast>): StoryObj => ({
  render: () => (
    <ToastsActorProvider actor={toastsIn(toasts)}>
      <ToastRegion />
    </ToastsActorProvider>
  ),
})

export const Success = story([{ type: 'success', message: 'New workspace created successfully' }])
export const Error = story([{ type: 'error', message: 'Something went wrong while creating workspace' }])
export const Info = story([{ type: 'info', message: 'Invitation emailed to dana@example.com' }])

const stacked: ReadonlyArray<StoryToast> = [
  { type: 'success', message: 'Role saved' },
  { type: 'error', message: 'Failed to submit bug report' },
  { type: 'info', message: 'Preferences saved successfully' },
]

/** Several at once, oldest first. */
export const Stacked: StoryObj = {
  ...story(stacked),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to submit bug report')
    await expect(canvas.getAllByRole('button', { name: 'Dismiss' })).toHaveLength(3)
  },
}

/** Interaction (ends with two): Dismiss removes one. */
export const StackedDismissOne: StoryObj = {
  ...story(stacked),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss' })[0]!)
    await expect(canvas.queryByText('Role saved')).toBeNull()
  },
}

/** An actor that records the events a toast's action sends it (for the play functions). */
function recorder() {
  const received: string[] = []
  const actor = createActor(fromCallback(({ receive }) => receive((e) => void received.push(e.type)))).start()
  return { actor, received }
}

/** A toast with an action ('Undo' after a delete-all): the button sends its event back and the toast goes. */
export const WithAction: StoryObj = (() => {
  const target = recorder()
  return {
    ...story([
      { type: 'info', message: '20 notifications deleted', action: { label: 'Undo', to: target.actor, event: { type: 'notifications.undoRemoveAll' } } },
    ]),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement)
      await expect(canvas.getByText('20 notifications deleted')).toBeVisible()
      await expect(canvas.getByRole('button', { name: 'Undo' })).toBeEnabled()
    },
  }
})()

/** Interaction (ends with no toast): pressing the action sends its event and closes the toast. */
export const WithActionPressed: StoryObj = (() => {
  const target = recorder()
  return {
    ...story([
      { type: 'info', message: '20 notifications deleted', action: { label: 'Undo', to: target.actor, event: { type: 'notifications.undoRemoveAll' } } },
    ]),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement)
      await userEvent.click(canvas.getByRole('button', { name: 'Undo' }))
      await expect(target.received).toEqual(['notifications.undoRemoveAll'])
      await expect(canvas.queryByText('20 notifications deleted')).toBeNull()
    },
  }
})()

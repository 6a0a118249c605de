import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { createActor } from 'xstate'
import { type ToastType, toastsMachine } from '../machines/toasts/toasts.machine.ts'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'

/** SPEC §3 Toast, §4: one story per toast type, started from a saved state (no timers run). */
const meta: Meta = { title: 'Feedback/Toasts', parameters: { machineState: { machine: 'toasts', state: 'active' } } }
export default meta

function toastsIn(toasts: ReadonlyArray<{ type: ToastType; message: string }>) {
  const actor = createActor(toastsMachine, {
    snapshot: toastsMachine.resolveState({
      value: 'active',
      context: { toasts: toasts.map((t, i) => ({ id: `toast-${i + 1}`, ...t })), nextId: toasts.length + 1 },
    }),
  })
  actor.start()
  return actor
}

const story = (toasts: ReadonlyArray<{ type: ToastType; message: string }>): StoryObj => ({
  render: () => (
    <ToastsActorProvider actor={toastsIn(toasts)}>
      <ToastRegion />
    </ToastsActorProvider>
  ),
})

export const Success = story([{ type: 'success', message: 'New workspace created successfully' }])
export const Error = story([{ type: 'error', message: 'Something went wrong while creating workspace' }])
export const Info = story([{ type: 'info', message: 'Your invitation link is in the server log' }])

/** Several at once, oldest first; Dismiss removes one. */
export const Stacked: StoryObj = {
  ...story([
    { type: 'success', message: 'Role saved' },
    { type: 'error', message: 'Failed to submit bug report' },
    { type: 'info', message: 'Preferences saved successfully' },
  ]),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('alert')).toHaveTextContent('Failed to submit bug report')
    await userEvent.click(canvas.getAllByRole('button', { name: 'Dismiss' })[0]!)
    await expect(canvas.queryByText('Role saved')).toBeNull()
  },
}

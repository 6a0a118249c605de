import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { createActor, fromCallback } from 'xstate'
import { connectivityMachine } from '../machines/connectivity/connectivity.machine.ts'
import { OfflineStatus } from '../src/ui/shell/OfflineStatus.tsx'

/**
 * The shell's offline status (the offline app shell) in each state a person can see,
 * started online or offline with the browser's events stubbed.
 */
const meta: Meta = { title: 'Machines/connectivity' }
export default meta

function connectivityActor(online: boolean) {
  const machine = connectivityMachine.provide({ actors: { connectivityListener: fromCallback(() => () => {}) } })
  return createActor(machine, { input: { online } }).start()
}

/** Online: nothing is shown (the live region stays, empty). */
export const Online: StoryObj = {
  parameters: { machineState: { machine: 'connectivity', state: 'online' } },
  render: () => <OfflineStatus actor={connectivityActor(true)} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeEmptyDOMElement()
  },
}

/** Offline: the strip under the header says so, and that what shows was saved on this device. */
export const Offline: StoryObj = {
  parameters: { machineState: { machine: 'connectivity', state: 'offline' } },
  render: () => <OfflineStatus actor={connectivityActor(false)} />,
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status')
    await expect(status).toHaveTextContent("You're offline")
    await expect(status).toHaveTextContent('Showing what was saved on this device.')
  },
}

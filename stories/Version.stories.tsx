import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { AppVersion } from '../contract/api.ts'
import { versionCheckMachine } from '../machines/versionCheck/versionCheck.machine.ts'
import { UpdatePrompt } from '../src/ui/UpdatePrompt.tsx'

/**
 * SPEC §2.3, §4 Version check: the update prompt in each state a person can see, started from a
 * saved state with the fetch, listeners and the hard refresh stubbed (nothing reloads here).
 */
const meta: Meta = { title: 'Machines/versionCheck' }
export default meta

function versionActorIn(value: 'idle' | 'available' | 'updating' | 'activating') {
  const machine = versionCheckMachine.provide({
    actors: {
      fetchVersion: fromPromise<AppVersion>(() => new Promise(() => {})),
      focusListener: fromCallback(() => () => {}),
      connectivityListener: fromCallback(() => () => {}),
      hardRefresh: fromPromise(() => new Promise<void>(() => {})),
      workerListener: fromCallback(() => () => {}),
      activateWorker: fromPromise(() => new Promise<void>(() => {})),
    },
    actions: { storeSeenVersion: () => {} },
  })
  const actor = createActor(machine, {
    input: { seenVersion: '0.1.0+aaa', buildVersion: '0.1.0+aaa', online: true },
    snapshot: machine.resolveState({
      value,
      context: {
        seenVersion: '0.1.0+aaa',
        buildVersion: '0.1.0+aaa',
        online: true,
        // A new service worker waits only in the story that shows it taking over.
        workerWaiting: value === 'activating',
        availableVersion: value === 'idle' ? null : '0.1.0+bbb',
      },
    }),
  })
  actor.start()
  return actor
}

/** No new version: nothing is shown (the live region stays, empty). */
export const UpToDate: StoryObj = {
  parameters: { machineState: { machine: 'versionCheck', state: 'idle' } },
  render: () => <UpdatePrompt actor={versionActorIn('idle')} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region', { name: 'App update' })).toBeNull()
  },
}

/** A new version is served: 'Update' and 'Later'. 'Later' hides the prompt. */
export const Available: StoryObj = {
  parameters: { machineState: { machine: 'versionCheck', state: 'available' } },
  render: () => <UpdatePrompt actor={versionActorIn('available')} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('region', { name: 'App update' })).toHaveTextContent('A new app version is available.')
    await expect(canvas.getByRole('button', { name: 'Update' })).toBeEnabled()
    await expect(canvas.getByRole('button', { name: 'Later' })).toBeEnabled()
  },
}

/** 'Update' pressed: the 1 s wait before the hard refresh; the buttons are disabled. */
export const Updating: StoryObj = {
  parameters: { machineState: { machine: 'versionCheck', state: 'updating' } },
  render: () => <UpdatePrompt actor={versionActorIn('updating')} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Updating to the new version…')).toBeInTheDocument()
  },
}

/** 'Update' with a new service worker waiting: after the 1 s wait it takes over, then the page reloads; same words as Updating. */
export const Activating: StoryObj = {
  parameters: { machineState: { machine: 'versionCheck', state: 'activating' } },
  render: () => <UpdatePrompt actor={versionActorIn('activating')} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Updating to the new version…')).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Later' })).toBeDisabled()
  },
}

/** Interaction (ends dismissed): 'Later' puts the prompt away until the next version. */
export const AvailableLater: StoryObj = {
  render: Available.render,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Later' }))
    await expect(canvas.queryByRole('region', { name: 'App update' })).toBeNull()
  },
}

import type { Meta, StoryObj } from '@storybook/react-vite'
import { Splash } from '../src/ui/Splash.tsx'

/** SPEC §2.2: shown while the auth machine is `loading` or `verifying`. */
const meta: Meta<typeof Splash> = { title: 'Auth/Splash', component: Splash }
export default meta

/** `loading` (reading the stored session) and `verifying` (asking the server) look the same. */
export const Loading: StoryObj<typeof Splash> = {
  parameters: {
    machineState: [{ machine: 'auth', state: 'loading' }, { machine: 'auth', state: 'verifying' }],
    machineStateWithoutActor: 'The splash is drawn from the auth state alone and holds no actor of its own.',
  },
}

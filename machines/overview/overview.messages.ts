/**
 * The overview machine's own messages (machines/overview/overview.machine.ts): the fallback when
 * the overview could not be loaded and the error carries no message of the server's.
 */
import { defineMessages } from '../../contract/messages.ts'

export const overviewErrorMessages = defineMessages('overviewErrors', {
  loadFailed: 'We could not load this workspace’s overview. Check your connection and try again.',
})

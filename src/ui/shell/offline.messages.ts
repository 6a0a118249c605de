/** The shell's offline status and the reason actions that need the server are disabled. */
import { defineMessages } from '../../i18n/messages.ts'

export const offlineMessages = defineMessages('offline', {
  status: "You're offline",
  detail: 'Showing what was saved on this device. Actions that need the server come back when you reconnect.',
  needsConnection: 'Needs a connection: you are offline.',
})

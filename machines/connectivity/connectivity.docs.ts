/** What the connectivity machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const connectivityDocs: MachineDocs = {
  states: {
    starting: 'For an instant at page load the browser says whether it is online; nothing shows yet.',
    online: 'The app works as usual: no offline status in the shell, and actions that need the server are enabled.',
    offline:
      "The shell shows 'You're offline' ('Showing what was saved on this device…'), and actions that need the server are disabled ('Needs a connection: you are offline.').",
  },
  events: {
    'connectivity.offline': 'The browser reports losing the network: the offline status appears.',
    'connectivity.online': 'The browser reports the network is back: the offline status goes and the app refreshes what it showed from the cache.',
  },
}

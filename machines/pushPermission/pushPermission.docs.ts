/** What the push permission machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const pushPermissionDocs: MachineDocs = {
  states: {
    permission: "Push on this device, as the 'Push on this device' card of the notification settings describes it, from unsupported to on.",
    'permission.start': "For an instant at start the browser's support and permission pick the first state; nothing shows yet.",
    'permission.inactive': 'Only without a browser (tests): nothing happens, and a card would say push is not supported in this browser.',
    'permission.unsupported':
      "The browser lacks what push needs (SPEC §5): the card says 'Push notifications are not supported in this browser.' with no buttons.",
    'permission.supported':
      "The browser can do push: the card follows the site's permission and the signed-in workspace, with 'Turn on' or 'Turn off push notifications'.",
    'permission.supported.default': "Permission not asked yet: the card says push is available on this device, with 'Turn on push notifications'.",
    'permission.supported.requesting': "The browser's own permission prompt is open: the card says 'Waiting for your browser’s permission…'.",
    'permission.supported.denied':
      "The site's notifications are blocked: the card says 'Notifications are blocked for this site. Allow them in your browser’s site settings…'.",
    'permission.supported.granted':
      "Notifications are allowed but this device is not subscribed (turned off, signed out, or it failed with its reason shown): 'Turn on push notifications' and 'Send test notification' show.",
    'permission.supported.subscribing': "This device is being subscribed to push for the current workspace: the card says 'Turning push notifications on…'.",
    'permission.supported.subscribed':
      "The card says 'Push notifications are on for this device.' with 'Turn off push notifications'; whether the person is using the device is reported to the server.",
    'permission.supported.unsubscribing': "Push is being turned off for this device: the card says 'Turning push notifications off…'.",
    'permission.supported.forgetting': "At sign-out this browser's subscription is dropped, so the next person gets no one else's notifications.",
    devices: "'Your devices' under the card, side by side with the permission: this person's devices that receive push in the workspace.",
    'devices.idle':
      "The device list shows as last loaded, with '(this device)' marked, or a note that no device receives push yet or that the list could not be loaded.",
    'devices.loading': 'The device list is fetched again in the background; the list on hand stays on screen.',
    test: "'Send test notification', side by side with the permission, available whenever notifications are allowed.",
    'test.idle': "'Send test notification' waits; after a test a note says it went through the push service or that this browser showed it itself.",
    'test.sending': "A test notification is being sent: 'Send test notification' is busy.",
  },
  events: {
    'auth.changed': 'The sign-in state reports a signed-in workspace, a switch to another or a sign-out: push subscribes for the new workspace or is dropped.',
    'push.disable': "A person presses 'Turn off push notifications': this device stops receiving push, and the choice is remembered.",
    'push.enable':
      "A person presses 'Turn on push notifications' (or 'Turn on push for this device' above the category matrix): the browser asks for permission if needed, then the device subscribes.",
    'push.loadDevices': "The push card asks for 'Your devices' when it opens and after this device's push changed.",
    'push.permissionChanged': "The browser reports that the site's notification permission changed in its settings: the card follows.",
    'push.subscriptionChanged': 'The service worker reports that the browser renewed its push subscription: it is sent to the server again.',
    'push.test': "A person presses 'Send test notification': a test goes through the push service, or this browser shows one itself if that fails.",
  },
}

/**
 * Push on this device (SPEC §4 Push permission): what the settings say in each state, and the
 * push section's own words. Ours: the spec names the states, not their wording. A failure's reason
 * (the browser's or the server's words) is shown as it is.
 */
import { defineMessages } from '../../contract/messages.ts'

export const pushSettingsMessages = defineMessages('pushSettings', {
  unsupported: 'Push notifications are not supported in this browser.',
  available: 'Push notifications are available on this device. Turn them on to be notified while Engage is closed or in the background.',
  off: 'Push notifications are available on this device and turned off.',
  requesting: 'Waiting for your browser’s permission…',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings to use push on this device.',
  subscribing: 'Turning push notifications on…',
  subscribed: 'Push notifications are on for this device.',
  unsubscribing: 'Turning push notifications off…',
  forgetting: 'Turning push notifications off for the signed-out account…',
  failed: 'Notifications are allowed, but this device could not subscribe to push ({reason}). Test notifications are shown by this browser instead.',
  testSent: 'Test notification sent through the push service. Clicking it opens your dashboard.',
  testLocal: 'The push service could not deliver the test, so this browser showed the test notification itself.',
  noDevices: 'No device receives push notifications for you in this workspace yet.',
  devicesFailed: 'The device list could not be loaded.',
  heading: 'Push on this device',
  turnOff: 'Turn off push notifications',
  turnOn: 'Turn on push notifications',
  sendTest: 'Send test notification',
  yourDevices: 'Your devices',
  device: '{browser} on {os}',
  thisDevice: '{browser} on {os} (this device)',
  deviceTablet: 'tablet',
  deviceMobile: 'mobile',
  deviceDesktop: 'desktop',
  inUseNow: 'in use now',
  since: 'since {date}',
})

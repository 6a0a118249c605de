/**
 * The push payloads' own words: the test notification's title and body, which the server sends in
 * the person's saved language (server/push/routes.ts) and the browser shows itself after a failed
 * test (src/system/pushPermission.ts). A notification's title and body are its sender's.
 */
import { defineMessages } from './messages.ts'

export const pushPayloadMessages = defineMessages('pushPayload', {
  testTitle: 'Test notification',
  testBody: 'Push notifications work on this device.',
})

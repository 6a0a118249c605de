/** The push payloads' own words: the test notification's defaults (routes.ts); a notification's title and body are its sender's. */
import { defineMessages } from '../../contract/messages.ts'

export const pushPayloadMessages = defineMessages('pushPayload', {
  testTitle: 'Test notification',
  testBody: 'Push notifications work on this device.',
})

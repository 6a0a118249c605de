/** The app's messages API (contract/messages.ts, shared by machines, the browser and the server). */
export { defineMessages, localized, type DisplayText, type LocalizedText, type MessageDescriptor, type Messages, type MessageValues } from '../../contract/messages.ts'

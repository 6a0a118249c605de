/**
 * The workspaces machine's own messages (SPEC §8, verbatim in English): the toasts of creating a
 * workspace; the failure toast prefers the server's message.
 */
import { defineMessages } from '../../contract/messages.ts'

export const workspacesErrorMessages = defineMessages('workspacesErrors', {
  created: 'New workspace created successfully',
  createFailed: 'Something went wrong while creating workspace',
})

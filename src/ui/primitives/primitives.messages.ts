/** The primitives' default labels: what they say when the caller gives no text of its own. */
import { defineMessages } from '../../i18n/messages.ts'

export const primitivesMessages = defineMessages('primitives', {
  actions: 'Actions',
  breadcrumb: 'Breadcrumb',
  choose: 'Choose…',
  close: 'Close',
  loading: 'Loading…',
  select: 'Select',
})

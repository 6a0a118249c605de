/**
 * The Developers page's own words (src/pages/developers): its description and tabs, what its tabs
 * share (copying a secret, 'Cancel', 'Done', "just now"), and the API reference tab's chrome around
 * Scalar's viewer. The tabs' own words are their machines' (machines/apiKeys, machines/webhooks).
 */
import { defineMessages } from '../../i18n/messages.ts'

export const developersMessages = defineMessages('developers', {
  description: 'API keys, webhooks and the API reference for this workspace.',
  tabKeys: 'API keys',
  tabWebhooks: 'Webhooks',
  tabReference: 'API reference',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy',
  cancel: 'Cancel',
  done: 'Done',
  justNow: 'just now',
  referenceLoading: 'Loading the API reference…',
  referenceLoadFailed: 'Could not load the API reference. Please try again.',
  publicApiHeading: 'What an API key can call',
  download: 'Download the OpenAPI document',
  publicApiNote:
    'Send a key as {header}; it needs no {orgHeader}. It works with the operations tagged {tag} below; every other operation acts for a signed-in person and refuses keys.',
  publicOperations: 'Operations that accept an API key',
})

/** What the webhook deliveries machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const webhookDeliveriesDocs: MachineDocs = {
  states: {
    list: "The endpoint's 'Delivery log': its deliveries newest first, each with its status, attempts and payload.",
    'list.loading': "Skeleton rows ('Loading deliveries…') show while the newest deliveries are fetched.",
    'list.failed': "The log could not be read: 'Could not load the delivery log. Please try again.' shows with 'Try again'.",
    'list.loaded':
      "The deliveries show ('Delivered', 'Failed', 'Retrying', 'Pending') with 'Load more' when there are older ones, or 'Nothing sent yet'; it is read again every 3 s while one is pending.",
    'list.loadingMore': "The deliveries stay while the next page is fetched: 'Load more' is busy, and older deliveries are added below.",
    'list.refreshing': 'The log stays on screen while its newest page is read again (a 3 s poll, or after a resend or a test); statuses update in place.',
    action: "'Resend' on a delivery and 'Send test event', side by side with the list.",
    'action.idle': "'Send test event' and each delivery's 'Resend' wait to be pressed.",
    'action.resending': "A delivery is being queued again: its 'Resend' is busy; a 'Delivery queued again' toast follows and the log refreshes.",
    'action.sendingTest': "'Send test event' is busy while a test event is sent; the new delivery joins the log with a 'Test event sent' toast.",
  },
  events: {
    'deliveries.loadMore': "A person presses 'Load more' under the deliveries: the next older page is added.",
    'deliveries.refresh': 'After a resend or a test event the log asks itself to be read again, so the new attempt shows.',
    'deliveries.resend': "A person presses 'Resend' on a delivery: it is queued to be sent again.",
    'deliveries.retry': "A person presses 'Try again' after the log failed to load: it loads again.",
    'deliveries.sendTest': "A person presses 'Send test event' in the delivery log: a test event is sent to this endpoint.",
  },
}

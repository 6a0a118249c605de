/** What the webhooks machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const webhooksDocs: MachineDocs = {
  states: {
    loading: "The Webhooks tab shows skeleton rows ('Loading webhook endpoints…') while the workspace's endpoints are fetched.",
    failed: "The endpoints could not be loaded: 'Could not load the webhook endpoints. Please try again.' shows with 'Try again'.",
    ready:
      "The endpoints are listed (URL, description, events, status) or 'No webhook endpoints yet'; dialogs, the enable switch and the delivery log run side by side.",
    'ready.main': "The tab's dialogs: adding or editing an endpoint, its signing secret, rotating, deleting and sending a test event.",
    'ready.main.idle': "No dialog is open: 'Add endpoint', a row's 'Edit', 'Delivery log' and its 'More actions' menu can be used.",
    'ready.main.editing':
      "The 'Add endpoint' or 'Edit endpoint' dialog asks for 'Endpoint URL', 'Description', 'Events' and 'Enabled', with 'Cancel' and 'Save'; errors show under the fields.",
    'ready.main.saving': "The edited endpoint is being saved: 'Save' reads 'Saving…'; an 'Endpoint saved' toast follows.",
    'ready.main.creating': "The new endpoint is being added: 'Save' reads 'Saving…'; its signing secret follows.",
    'ready.main.secretShown': "'Endpoint added' or 'New signing secret' shows the signing secret once, with the warning that it cannot be seen again.",
    'ready.main.confirmingRotate': "The dialog 'Rotate the signing secret?' explains that the current secret keeps signing for a while next to the new one.",
    'ready.main.rotating': 'The secret is being rotated: the confirm button is busy; the new secret shows next.',
    'ready.main.confirmingDelete':
      "The dialog 'Delete this endpoint?' says it stops receiving events at once and its delivery log goes with it, with 'Delete endpoint'.",
    'ready.main.deleting': "'Delete endpoint' is busy while the endpoint is deleted; an 'Endpoint deleted' toast follows.",
    'ready.main.sendingTest':
      "A test event is being sent to the endpoint; a toast then says 'Test event sent. Open the delivery log to see how it went.' or why it failed.",
    'ready.toggle': 'Enabling or disabling an endpoint from its menu, side by side with the dialogs.',
    'ready.toggle.idle': "No enable or disable change is on its way; each endpoint's status shows as saved.",
    'ready.toggle.saving': "The endpoint already shows 'Enabled' or 'Disabled' while the change is saved; a refusal puts it back with a toast.",
    'ready.log': "One endpoint's delivery log, side by side with the list and its dialogs.",
    'ready.log.closed': 'The tab shows the list of endpoints.',
    'ready.log.open': "The tab shows the chosen endpoint's 'Delivery log' instead of the list, with a way back to 'Webhook endpoints'.",
  },
  events: {
    'webhook.cancel': "A person presses 'Cancel' or closes the endpoint form or a confirmation dialog: nothing changes.",
    'webhook.change': "A person types in 'Endpoint URL' or 'Description'.",
    'webhook.closeLog': "A person goes back to 'Webhook endpoints' from a delivery log: the list shows again.",
    'webhook.confirmDelete': "A person presses 'Delete endpoint' in the dialog: the endpoint is deleted.",
    'webhook.confirmRotate': 'A person confirms in the rotate dialog: a new signing secret is made.',
    'webhook.create': "A person presses 'Add endpoint': the dialog opens with an empty, enabled endpoint.",
    'webhook.delete': "A person picks 'Delete' in an endpoint's 'More actions' menu: the confirmation dialog opens.",
    'webhook.edit': "A person presses 'Edit' on an endpoint: the 'Edit endpoint' dialog opens with its settings.",
    'webhook.openLog': "A person presses 'Delivery log' on an endpoint: its deliveries show instead of the list.",
    'webhook.rotate': "A person picks 'Rotate secret' in an endpoint's menu: the confirmation dialog opens.",
    'webhook.save': "A person presses 'Save' in the endpoint dialog: a valid endpoint is added or saved, otherwise the fields say what is wrong.",
    'webhook.secretDone': 'A person closes the dialog showing the signing secret: the secret is forgotten for good.',
    'webhook.sendTest': "A person picks 'Send test event' in an endpoint's menu: a test event is sent to it.",
    'webhook.setDraftEnabled': "A person flips 'Enabled' in the endpoint dialog.",
    'webhook.setEnabled': "A person picks 'Enable' or 'Disable' in an endpoint's menu: its status changes at once and is saved.",
    'webhook.setEventTypes': "A person ticks or clears the 'Events' the endpoint receives, in the endpoint dialog.",
    'webhooks.retry': "A person presses 'Try again' after the endpoints failed to load: they load again.",
  },
}

/** What the audit log machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const auditLogDocs: MachineDocs = {
  states: {
    list: 'The table of audit entries (When, Who, Action, Target, Details, IP address), newest first, for the chosen person and action.',
    'list.loading': "Skeleton rows ('Loading the audit log…') show while the first page for the filters is fetched.",
    'list.loaded':
      "The entries show with 'Load more' when there are older ones; with none, 'No audit entries yet' or 'No audit entries match these filters' with 'Clear filters'.",
    'list.loadingMore': "The entries stay while the next page is fetched: 'Load more' is busy, and older entries are added below.",
    'list.failed': "The log could not be read: 'Could not load the audit log. Please try again.' shows with 'Try again'.",
    export: "The 'Export CSV' button, side by side with the list: it never holds up the table.",
    'export.idle': "'Export CSV' waits; the last export ended with an 'Audit log exported' toast or one saying it could not be exported.",
    'export.exporting': "'Export CSV' is busy while the file of the current filters is prepared; the browser then saves it.",
    people: "The choices of the 'Person' filter, side by side with the list: at most 20 people matching what is typed.",
    'people.debouncing': "The person is typing in the 'Person' filter: the choices on screen stay, and new ones are asked for once typing pauses for 300 ms.",
    'people.loading': "The 'Person' filter's choices are fetched; the ones on screen stay until they arrive.",
    'people.ready': "The 'Person' filter offers 'Everyone' and the matching people, or 'No one matches'.",
    'people.failed': "The people could not be fetched: the 'Person' filter offers 'Everyone' only; the list still works.",
  },
  events: {
    'auditLog.export': "A person presses 'Export CSV': the entries of the current filters are downloaded as a file.",
    'auditLog.filter': "A person picks a person or an action, presses 'Clear filters', or the page address changes: the list reloads for those filters.",
    'auditLog.loadMore': "A person presses 'Load more' (or 'Try again' under the list): the next older page is added.",
    'auditLog.retry': "A person presses 'Try again' after the log failed to load: the list, and the person filter's choices if they failed, load again.",
    'auditLog.searchPeople': "A person types in the 'Person' filter: matching people are asked for once typing pauses.",
  },
}

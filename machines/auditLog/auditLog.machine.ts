/**
 * The audit log page (Audit log; Account & Billing › Audit log, ORGANIZATIONS read):
 * who did what and when in the current workspace, filtered by person and by kind, a page at a
 * time (`GET /organizations/audit-log`, newest first, opaque `next_cursor`), with a CSV export of
 * the same filters (`GET /organizations/audit-log.csv`) and the person filter's choices
 * (`GET /organizations/audit-log/actors`). contract/audit.ts has the shapes.
 *
 * Three regions run side by side, so an export or the person list never holds up the list:
 *
 *   list:    loading ──(page)──▶ loaded ──auditLog.loadMore (more pages)──▶ loadingMore ──▶ loaded (appended)
 *               └──(fails)──▶ failed ──auditLog.retry──▶ loading        └──(fails)──▶ loaded (moreError)
 *            auditLog.filter (different filters) from any list state ──▶ loading (the old page dropped)
 *   export:  idle ──auditLog.export──▶ exporting ──▶ idle (file saved | the server's message)
 *   people:  loading ──▶ ready | failed ──auditLog.retry──▶ loading
 *            auditLog.searchPeople (typed in the person filter) ──▶ debouncing ──(300 ms)──▶ loading
 *
 * The person filter asks the server for its choices (at most 20, by name or email): a workspace
 * of thousands of members is searched, never listed whole.
 *
 * The filters are the page's address (`?actor&kind`): the page sends `auditLog.filter` when the
 * address changes, and the machine emits `auditLog.filtersChanged` when a person picks a filter,
 * so the page can write it to the address. Equal filters are ignored, which ends the loop.
 * Saving the CSV is the named action `saveFile` (an object URL and `<a download>` in the browser).
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { AuditActor, AuditKind, AuditLogItem, AuditLogPage } from '../../contract/audit.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { auditLogMessages } from './auditLog.messages.ts'

/** What the list is narrowed to; null is "everyone" / "all actions". */
export interface AuditLogFilters {
  /** A person's user id (`AuditActor.id`). */
  readonly actor: string | null
  readonly kind: AuditKind | null
}

/** No filter: every entry. */
export const NO_AUDIT_FILTERS: AuditLogFilters = { actor: null, kind: null }

/** What `loadPage` is asked for: the filters and the cursor of the page to read (null for the newest). */
export interface AuditPageRequest extends AuditLogFilters {
  readonly before: string | null
}

/** A downloaded export: the file name the server proposed and the CSV itself. */
export interface AuditExportFile {
  readonly filename: string
  readonly data: Blob
}

export interface AuditLogInput {
  /** The filters of the page's address when it opens. */
  readonly filters?: AuditLogFilters
}

export interface AuditLogContext {
  readonly filters: AuditLogFilters
  /** The entries read so far for these filters, newest first. */
  readonly items: ReadonlyArray<AuditLogItem>
  /** The `before` of the next page; null on the last page (or before the first answer). */
  readonly nextCursor: string | null
  /** Why the first page could not be read (the `failed` state). */
  readonly loadError: DisplayText | null
  /** Why the last 'Load more' failed; the entries already read stay on screen. */
  readonly moreError: DisplayText | null
  /** The person filter's choices for `peopleQuery`; empty until loaded (or when they could not be read). */
  readonly actors: ReadonlyArray<AuditActor>
  /** What is typed in the person filter ('' for the first choices by name). */
  readonly peopleQuery: string
}

export type AuditLogEvent =
  | { type: 'auditLog.filter'; filters: AuditLogFilters }
  | { type: 'auditLog.loadMore' }
  | { type: 'auditLog.retry' }
  | { type: 'auditLog.export' }
  /** Text typed in the person filter (sent on every change; the machine debounces). */
  | { type: 'auditLog.searchPeople'; query: string }

export type AuditLogEmitted =
  | { type: 'auditLog.filtersChanged'; filters: AuditLogFilters }
  | { type: 'auditLog.exported'; filename: string }
  | { type: 'auditLog.exportFailed'; status: number; message: DisplayText }

/** Shown when the log could not be read and the error carries no message (ours). */
export const AUDIT_LOAD_FAILED_MESSAGE = localized(auditLogMessages.loadFailedRetry)
/** Shown under the list when a further page could not be read and the error carries no message (ours). */
export const AUDIT_LOAD_MORE_FAILED_MESSAGE = localized(auditLogMessages.loadMoreFailed)
/** Toast of a failed export whose error carries no message (ours). */
export const AUDIT_EXPORT_FAILED_MESSAGE = localized(auditLogMessages.exportFailed)
/** How long typing in the person filter must pause before its choices are asked for, in ms. */
export const AUDIT_PEOPLE_DEBOUNCE_MS = 300

export const auditLogMachine = setup({
  types: {
    context: {} as AuditLogContext,
    input: {} as AuditLogInput,
    events: {} as AuditLogEvent,
    emitted: {} as AuditLogEmitted,
  },
  delays: {
    peopleDebounce: AUDIT_PEOPLE_DEBOUNCE_MS,
  },
  actors: {
    /** `GET /organizations/audit-log?actor&kind&before`. Provided by the page. */
    loadPage: fromPromise<AuditLogPage, AuditPageRequest>(async () => {
      throw new Error('loadPage is provided by the page')
    }),
    /** `GET /organizations/audit-log/actors?q`: the choices matching `query`. Provided by the page. */
    loadActors: fromPromise<ReadonlyArray<AuditActor>, { query: string }>(async () => {
      throw new Error('loadActors is provided by the page')
    }),
    /** `GET /organizations/audit-log.csv?actor&kind` with the session's headers, as a file. Provided by the page. */
    exportCsv: fromPromise<AuditExportFile, AuditLogFilters>(async () => {
      throw new Error('exportCsv is provided by the page')
    }),
  },
  guards: {
    hasMore: ({ context }) => context.nextCursor !== null,
    isNewFilter: ({ context }, params: { filters: AuditLogFilters }) => !sameFilters(context.filters, params.filters),
  },
  actions: {
    /** Hands the file to the person (the browser saves it). Provided by the page; a no-op elsewhere. */
    saveFile: (_, _params: { file: AuditExportFile }) => {},
    assignFilters: assign((_, params: { filters: AuditLogFilters }) => ({ filters: { actor: params.filters.actor, kind: params.filters.kind } })),
    resetList: assign({ items: [], nextCursor: null, loadError: null, moreError: null }),
    assignFirstPage: assign((_, params: { page: AuditLogPage }) => ({ items: params.page.items, nextCursor: params.page.next_cursor })),
    /** Appends a further page; an entry already listed (a page boundary that moved) is not listed twice. */
    appendPage: assign(({ context }, params: { page: AuditLogPage }) => {
      const seen = new Set(context.items.map((i) => i.id))
      return { items: [...context.items, ...params.page.items.filter((i) => !seen.has(i.id))], nextCursor: params.page.next_cursor, moreError: null }
    }),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], AUDIT_LOAD_FAILED_MESSAGE).message })),
    assignMoreError: assign((_, params: { error: unknown }) => ({ moreError: toFailure(params.error, [], AUDIT_LOAD_MORE_FAILED_MESSAGE).message })),
    clearMoreError: assign({ moreError: null }),
    assignActors: assign((_, params: { actors: ReadonlyArray<AuditActor> }) => ({ actors: params.actors })),
    assignPeopleQuery: assign((_, params: { query: string }) => ({ peopleQuery: params.query })),
    emitFiltersChanged: emit(({ context }) => ({ type: 'auditLog.filtersChanged' as const, filters: context.filters })),
    emitExported: emit((_, params: { file: AuditExportFile }) => ({ type: 'auditLog.exported' as const, filename: params.file.filename })),
    emitExportFailed: emit((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, [], AUDIT_EXPORT_FAILED_MESSAGE)
      return { type: 'auditLog.exportFailed' as const, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'auditLog',
  context: ({ input }) => ({
    filters: input.filters ?? NO_AUDIT_FILTERS,
    items: [],
    nextCursor: null,
    loadError: null,
    moreError: null,
    actors: [],
    peopleQuery: '',
  }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      on: {
        // From any list state: the page in flight (first or further) is cancelled with its state.
        'auditLog.filter': {
          guard: { type: 'isNewFilter', params: ({ event }) => event },
          target: '.loading',
          actions: [{ type: 'assignFilters', params: ({ event }) => event }, 'resetList', 'emitFiltersChanged'],
        },
      },
      states: {
        loading: {
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ ...context.filters, before: null }),
            onDone: { target: 'loaded', actions: { type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {
          on: {
            'auditLog.loadMore': { guard: 'hasMore', target: 'loadingMore', actions: 'clearMoreError' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMore',
            src: 'loadPage',
            input: ({ context }) => ({ ...context.filters, before: context.nextCursor }),
            onDone: { target: 'loaded', actions: { type: 'appendPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'loaded', actions: { type: 'assignMoreError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          on: { 'auditLog.retry': { target: 'loading', actions: 'resetList' } },
        },
      },
    },
    export: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'auditLog.export': 'exporting' },
        },
        exporting: {
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            // The filters as they are when the export starts: a later change does not alter this file.
            input: ({ context }) => context.filters,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'saveFile', params: ({ event }) => ({ file: event.output }) },
                { type: 'emitExported', params: ({ event }) => ({ file: event.output }) },
              ],
            },
            onError: { target: 'idle', actions: { type: 'emitExportFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    people: {
      initial: 'loading',
      // Typing (re)starts the wait; the choices on screen stay until the new ones arrive.
      on: {
        'auditLog.searchPeople': { target: '.debouncing', actions: { type: 'assignPeopleQuery', params: ({ event }) => event } },
      },
      states: {
        debouncing: {
          after: { peopleDebounce: 'loading' },
          on: {
            'auditLog.searchPeople': { target: 'debouncing', reenter: true, actions: { type: 'assignPeopleQuery', params: ({ event }) => event } },
          },
        },
        loading: {
          invoke: {
            id: 'loadActors',
            src: 'loadActors',
            input: ({ context }) => ({ query: context.peopleQuery }),
            onDone: { target: 'ready', actions: { type: 'assignActors', params: ({ event }) => ({ actors: event.output }) } },
            // The person filter then offers 'Everyone' only; the list itself still works.
            onError: 'failed',
          },
        },
        ready: {},
        failed: {
          on: { 'auditLog.retry': 'loading' },
        },
      },
    },
  },
})

export type AuditLogMachine = typeof auditLogMachine

/** True when both filters pick the same entries. */
export function sameFilters(a: AuditLogFilters, b: AuditLogFilters): boolean {
  return a.actor === b.actor && a.kind === b.kind
}

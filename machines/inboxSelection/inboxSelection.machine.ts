/**
 * The notifications page's selection and keyboard cursor ("bulk selection (select
 * several, mark read, archive, delete) with keyboard use (j/k to move, e to archive, u to toggle
 * read, as in mail clients)"). A page-local actor: the page sends the rows it shows, the
 * person's moves and choices; the actions themselves go to the notifications actor (the page
 * reads `targets` and sends one event per notification).
 *
 *   none ──toggle / all──▶ some ──clear / last one unticked / rows gone──▶ none
 *
 * - `rows` (the visible ids, in order) comes with every change of the list: the cursor stays on
 *   its row, or moves on to the next row still shown (else the one before) when its row left
 *   (archived, deleted, another tab); the selection keeps only rows still shown.
 * - `next` / `previous` move the cursor (from nowhere: to the first row); `focus` puts it on a
 *   row (a click, a checkbox).
 * - `toggle` ticks or unticks the given row, or the cursor's; `all` ticks every row; `clear` none.
 */
import { assign, setup } from 'xstate'

export interface InboxSelectionContext {
  /** The rows on screen, in order (notification ids). */
  readonly rows: ReadonlyArray<string>
  /** The row under the keyboard cursor, or null. */
  readonly cursor: string | null
  /** The ticked rows, in the order they were ticked. */
  readonly selected: ReadonlyArray<string>
}

export type InboxSelectionEvent =
  | { type: 'selection.rows'; rows: ReadonlyArray<string> }
  | { type: 'selection.next' }
  | { type: 'selection.previous' }
  | { type: 'selection.focus'; id: string }
  | { type: 'selection.toggle'; id?: string }
  | { type: 'selection.all' }
  | { type: 'selection.clear' }

/**
 * The cursor after the rows changed: the same row; else the first row after it (in the old order)
 * still shown, as a mail client moves on to the next message; else the nearest one before it;
 * else the first row; else none.
 */
function cursorAfter(before: ReadonlyArray<string>, after: ReadonlyArray<string>, cursor: string | null): string | null {
  if (cursor === null || after.includes(cursor)) return cursor
  const shown = new Set(after)
  const at = before.indexOf(cursor)
  if (at >= 0) {
    const next =
      before.slice(at + 1).find((id) => shown.has(id)) ??
      before
        .slice(0, at)
        .reverse()
        .find((id) => shown.has(id))
    if (next !== undefined) return next
  }
  return after[0] ?? null
}

/** The ids an action applies to: the ticked rows, or else the cursor's row (none without either). */
export function targets(context: InboxSelectionContext): ReadonlyArray<string> {
  if (context.selected.length > 0) return context.selected
  return context.cursor === null ? [] : [context.cursor]
}

export const inboxSelectionMachine = setup({
  types: { context: {} as InboxSelectionContext, events: {} as InboxSelectionEvent },
  guards: {
    hasSelection: ({ context }) => context.selected.length > 0,
    hasRows: ({ context }) => context.rows.length > 0,
  },
  actions: {
    assignRows: assign(({ context }, params: { rows: ReadonlyArray<string> }) => ({
      rows: params.rows,
      cursor: cursorAfter(context.rows, params.rows, context.cursor),
      selected: context.selected.filter((id) => params.rows.includes(id)),
    })),
    moveCursor: assign(({ context }, params: { by: 1 | -1 }) => {
      const at = context.cursor === null ? -1 : context.rows.indexOf(context.cursor)
      const next = at < 0 ? 0 : Math.min(Math.max(at + params.by, 0), context.rows.length - 1)
      return { cursor: context.rows[next] ?? null }
    }),
    focusRow: assign(({ context }, params: { id: string }) => (context.rows.includes(params.id) ? { cursor: params.id } : {})),
    toggleRow: assign(({ context }, params: { id?: string }) => {
      const id = params.id ?? context.cursor
      if (id === null || !context.rows.includes(id)) return {}
      return {
        cursor: id,
        selected: context.selected.includes(id) ? context.selected.filter((s) => s !== id) : [...context.selected, id],
      }
    }),
    selectAll: assign(({ context }) => ({ selected: [...context.rows] })),
    clearSelection: assign({ selected: [] }),
  },
}).createMachine({
  id: 'inboxSelection',
  context: { rows: [], cursor: null, selected: [] },
  on: {
    'selection.rows': { target: '.settle', actions: { type: 'assignRows', params: ({ event }) => event } },
    'selection.next': { actions: { type: 'moveCursor', params: { by: 1 } } },
    'selection.previous': { actions: { type: 'moveCursor', params: { by: -1 } } },
    'selection.focus': { actions: { type: 'focusRow', params: ({ event }) => event } },
    'selection.toggle': { target: '.settle', actions: { type: 'toggleRow', params: ({ event }) => event } },
  },
  initial: 'none',
  states: {
    /** Whether anything is ticked decides the state (after a change of the rows or a toggle). */
    settle: { always: [{ guard: 'hasSelection', target: 'some' }, { target: 'none' }] },
    /** Nothing ticked: actions apply to the cursor's row. */
    none: {
      on: { 'selection.all': { guard: 'hasRows', target: 'some', actions: 'selectAll' } },
    },
    /** Some rows ticked: the bulk bar shows; actions apply to them. */
    some: {
      on: {
        'selection.all': { actions: 'selectAll' },
        'selection.clear': { target: 'none', actions: 'clearSelection' },
      },
    },
  },
})

export type InboxSelectionMachine = typeof inboxSelectionMachine

/**
 * The command palette and the keyboard shortcuts help (Command palette).
 *
 * - `offscreen` / `onscreen`: whether a signed-in shell is on screen (the header mounts the
 *   palette). Only on screen are Ctrl/Cmd+K and '?' listened to (`keyboardShortcuts`, invoked there;
 *   its browser side first takes over what was pressed before the palette's actor started).
 * - `onscreen.closed` ↔ `onscreen.palette` (Ctrl/Cmd+K, the header's 'Search' button) and
 *   `onscreen.shortcuts` ('?', or the palette's 'Keyboard shortcuts' item).
 * - In `palette`: the query filters and ranks the items (machines/commandPalette/commandPalette.items.ts)
 *   by their English labels and by the names the reader sees (`palette.labelsChanged`, from the view),
 *   the highlighted item moves with the arrows, Home and End (wrapping at the ends for arrows),
 *   and `palette.run` runs the highlighted (Enter) or a clicked item: it becomes the person's most
 *   recent choice (kept per person, at most {@link RECENT_CAP}, by `storeRecent`), `runCommand`
 *   carries it out (implemented in src/system/commandPalette.ts: navigate, or an event to the
 *   workspaces, notifications or sidebar actor) and `palette.ran` is emitted.
 *
 * - While the palette is open, `watchItems` keeps its items equal to what the person may use now
 *   (`palette.itemsChanged`, built by the browser side from the permissions and the other actors,
 *   with the same checks as the sidebar and each action's home), and `typing` sends the keys typed
 *   before its field has focus (`palette.typed`; the first opening waits for the dialog's code).
 */
import { assign, emit, fromCallback, setup } from 'xstate'
import { type PaletteCommand, type PaletteItem, type PaletteLabels, type PaletteResults, withRecent } from './commandPalette.items.ts'
import { results } from './commandPalette.results.ts'
import { typedQuery } from './commandPalette.shortcuts.ts'

/** How many recent choices are kept per person (recent choices first). */
export const RECENT_CAP = 5

export interface CommandPaletteContext {
  /** Everything the person may open or run now, in list order. */
  readonly items: ReadonlyArray<PaletteItem>
  readonly query: string
  /** The item Enter runs (`aria-activedescendant`); null when nothing matches. */
  readonly highlightedId: string | null
  /** Whose recent choices these are (the signed-in user's id), null when signed out. */
  readonly person: string | null
  /** Item ids, most recent first, at most {@link RECENT_CAP}. */
  readonly recent: ReadonlyArray<string>
  /** The items' names as the reader sees them, by id (the view's translations): the query matches them too. None before the view sends them. */
  readonly labels?: PaletteLabels
}

export type PaletteMove = 'next' | 'previous' | 'first' | 'last'

export type CommandPaletteEvent =
  /** A shell is on screen / gone (the header mounts and unmounts the palette). */
  | { type: 'palette.mounted' }
  | { type: 'palette.unmounted' }
  | { type: 'palette.open' }
  /** Ctrl/Cmd+K: opens the palette, or closes it when open. */
  | { type: 'palette.toggle' }
  | { type: 'palette.close' }
  | { type: 'palette.query'; query: string }
  /** A key typed before the field has focus: one character, or 'Backspace' (`isTypedKey`). */
  | { type: 'palette.typed'; key: string }
  | { type: 'palette.itemsChanged'; items: ReadonlyArray<PaletteItem> }
  /** The items' names in the reader's language (the view sends them for the items and language it shows). */
  | { type: 'palette.labelsChanged'; labels: PaletteLabels }
  /** The pointer is over an item. */
  | { type: 'palette.highlight'; id: string }
  | { type: 'palette.move'; to: PaletteMove }
  /** Runs the item `id` (a click), or the highlighted one (Enter) without an id. */
  | { type: 'palette.run'; id?: string }
  /** Another person signed in (or out): their recent choices, read from storage by the browser side. */
  | { type: 'palette.personChanged'; person: string | null; recent: ReadonlyArray<string> }
  /** '?': the keyboard shortcuts help. */
  | { type: 'shortcuts.open' }
  | { type: 'shortcuts.close' }

export type CommandPaletteEmitted = { type: 'palette.opened' } | { type: 'palette.ran'; item: PaletteItem }

export interface CommandPaletteInput {
  readonly person?: string | null
  readonly recent?: ReadonlyArray<string>
  readonly items?: ReadonlyArray<PaletteItem>
}

export const commandPaletteMachine = setup({
  types: {
    context: {} as CommandPaletteContext,
    input: {} as CommandPaletteInput,
    events: {} as CommandPaletteEvent,
    emitted: {} as CommandPaletteEmitted,
  },
  actors: {
    /**
     * Sends `palette.toggle` for Ctrl/Cmd+K and `shortcuts.open` for '?' (`isPaletteShortcut`,
     * `isHelpShortcut`). Implemented in src/system/commandPalette.ts; the default listens to nothing.
     */
    keyboardShortcuts: fromCallback(() => {}),
    /**
     * Sends `palette.typed` for keys typed while the palette is open but its field does not have
     * focus yet. Implemented in src/system/commandPalette-keys.ts; the default listens to nothing.
     */
    typing: fromCallback(() => {}),
    /**
     * Sends `palette.itemsChanged` at start and whenever what the person may use changes.
     * Implemented in src/system/commandPalette.ts; the default sends nothing (the items stay).
     */
    watchItems: fromCallback(() => {}),
  },
  guards: {
    /** The run event names an item among the current results (or one is highlighted for Enter). */
    hasRunTarget: ({ context }, params: { id?: string }) => runTarget(context, params.id) !== undefined,
    isShortcutsItem: ({ context }, params: { id?: string }) => runTarget(context, params.id)?.command.kind === 'showShortcuts',
    isInResults: ({ context }, params: { id: string }) => results(context).flat.some((i) => i.id === params.id),
  },
  actions: {
    /** Carries out a command (navigation, an event to another actor). Implemented in src/system/commandPalette.ts. */
    runCommand: (_, _params: { command: PaletteCommand }) => {},
    /** Keeps a person's recent choices (localStorage). Implemented in src/system/commandPalette.ts. */
    storeRecent: (_, _params: { person: string | null; recent: ReadonlyArray<string> }) => {},
    resetQuery: assign(({ context }) => ({ query: '', highlightedId: firstId(results({ ...context, query: '' })) })),
    assignQuery: assign(({ context }, params: { query: string }) => ({ query: params.query, highlightedId: firstId(results({ ...context, query: params.query })) })),
    assignItems: assign(({ context }, params: { items: ReadonlyArray<PaletteItem> }) => {
      const next = { ...context, items: params.items }
      const flat = results(next).flat
      return { items: params.items, highlightedId: flat.some((i) => i.id === context.highlightedId) ? context.highlightedId : firstId(results(next)) }
    }),
    assignLabels: assign(({ context }, params: { labels: PaletteLabels }) => {
      const next = { ...context, labels: params.labels }
      const flat = results(next).flat
      return { labels: params.labels, highlightedId: flat.some((i) => i.id === context.highlightedId) ? context.highlightedId : firstId(results(next)) }
    }),
    assignHighlight: assign((_, params: { id: string }) => ({ highlightedId: params.id })),
    moveHighlight: assign(({ context }, params: { to: PaletteMove }) => ({ highlightedId: moved(context, params.to) })),
    assignPerson: assign((_, params: { person: string | null; recent: ReadonlyArray<string> }) => ({ person: params.person, recent: params.recent.slice(0, RECENT_CAP) })),
    assignRecent: assign(({ context }, params: { id?: string }) => {
      const item = runTarget(context, params.id)
      return item ? { recent: withRecent(context.recent, item.id, RECENT_CAP) } : {}
    }),
    emitOpened: emit({ type: 'palette.opened' as const }),
    emitRan: emit((_, params: { item: PaletteItem }) => ({ type: 'palette.ran' as const, item: params.item })),
  },
}).createMachine({
  id: 'commandPalette',
  context: ({ input }) => ({ items: input.items ?? [], query: '', highlightedId: null, person: input.person ?? null, recent: (input.recent ?? []).slice(0, RECENT_CAP), labels: {} }),
  on: {
    'palette.itemsChanged': { actions: { type: 'assignItems', params: ({ event }) => event } },
    'palette.labelsChanged': { actions: { type: 'assignLabels', params: ({ event }) => event } },
    'palette.personChanged': { actions: { type: 'assignPerson', params: ({ event }) => event } },
  },
  initial: 'offscreen',
  states: {
    offscreen: {
      on: { 'palette.mounted': 'onscreen' },
    },
    onscreen: {
      invoke: { id: 'keyboardShortcuts', src: 'keyboardShortcuts' },
      on: { 'palette.unmounted': 'offscreen' },
      initial: 'closed',
      states: {
        closed: {
          on: {
            'palette.open': 'palette',
            'palette.toggle': 'palette',
            'shortcuts.open': 'shortcuts',
          },
        },
        palette: {
          entry: ['resetQuery', 'emitOpened'],
          invoke: [
            { id: 'watchItems', src: 'watchItems' },
            { id: 'typing', src: 'typing' },
          ],
          on: {
            'palette.close': 'closed',
            'palette.toggle': 'closed',
            'palette.query': { actions: { type: 'assignQuery', params: ({ event }) => event } },
            'palette.typed': { actions: { type: 'assignQuery', params: ({ context, event }) => ({ query: typedQuery(context.query, event.key) }) } },
            'palette.highlight': { guard: { type: 'isInResults', params: ({ event }) => event }, actions: { type: 'assignHighlight', params: ({ event }) => event } },
            'palette.move': { actions: { type: 'moveHighlight', params: ({ event }) => event } },
            'palette.run': [
              // The help is the palette's own: it replaces the palette instead of closing it.
              {
                guard: { type: 'isShortcutsItem', params: ({ event }) => event },
                target: 'shortcuts',
                actions: [{ type: 'assignRecent', params: ({ event }) => event }, { type: 'storeRecent', params: ({ context }) => context }],
              },
              {
                guard: { type: 'hasRunTarget', params: ({ event }) => event },
                target: 'closed',
                actions: [
                  { type: 'runCommand', params: ({ context, event }) => ({ command: runTarget(context, event.id)!.command }) },
                  { type: 'emitRan', params: ({ context, event }) => ({ item: runTarget(context, event.id)! }) },
                  { type: 'assignRecent', params: ({ event }) => event },
                  { type: 'storeRecent', params: ({ context }) => context },
                ],
              },
            ],
          },
        },
        shortcuts: {
          on: {
            'shortcuts.close': 'closed',
            'palette.open': 'palette',
            'palette.toggle': 'palette',
          },
        },
      },
    },
  },
})

export type CommandPaletteMachine = typeof commandPaletteMachine

const firstId = (r: PaletteResults): string | null => r.flat[0]?.id ?? null

/** The item `palette.run` means: the one named, if among the results, else the highlighted one. */
function runTarget(context: CommandPaletteContext, id: string | undefined): PaletteItem | undefined {
  const { flat } = results(context)
  return flat.find((i) => i.id === (id ?? context.highlightedId))
}

/** The highlight after a move: arrows wrap around the ends; Home and End go to them. */
function moved(context: CommandPaletteContext, to: PaletteMove): string | null {
  const { flat } = results(context)
  if (flat.length === 0) return null
  const at = flat.findIndex((i) => i.id === context.highlightedId)
  const index = to === 'first' ? 0 : to === 'last' ? flat.length - 1 : to === 'next' ? (at + 1) % flat.length : at <= 0 ? flat.length - 1 : at - 1
  return flat[index]!.id
}

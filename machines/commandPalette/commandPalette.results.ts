/**
 * What the palette lists for its items, query, recent choices and the names the reader sees (machines/commandPalette), for
 * the machine (the highlight, what `palette.run` runs) and the palette's list view. A module of its
 * own, apart from the selectors the shell reads on every page (commandPalette.selectors.ts), so
 * the ranking and the fuzzy scorer load with the palette, not with the shell.
 */
import type { SnapshotFrom } from 'xstate'
import { type PaletteItem, type PaletteLabels, type PaletteResults, rankItems } from './commandPalette.items.ts'
import type { CommandPaletteMachine } from './commandPalette.machine.ts'

interface RankedContext {
  readonly items: ReadonlyArray<PaletteItem>
  readonly query: string
  readonly recent: ReadonlyArray<string>
  /** The items' names in the reader's language (`palette.labelsChanged`); none: the English labels only. */
  readonly labels?: PaletteLabels
}

let memo: (RankedContext & { value: PaletteResults }) | undefined

/** The results for the context's items, query, recent choices and shown labels (memoized on the four). */
export function results(context: RankedContext): PaletteResults {
  if (memo && memo.items === context.items && memo.query === context.query && memo.recent === context.recent && memo.labels === context.labels) return memo.value
  const value = rankItems(context.items, context.query, context.recent, context.labels)
  memo = { items: context.items, query: context.query, recent: context.recent, labels: context.labels, value }
  return value
}

/** The sections shown and the items in keyboard order (the same object while items, query and recent are unchanged). */
export const selectResults = (s: SnapshotFrom<CommandPaletteMachine>): PaletteResults => results(s.context)

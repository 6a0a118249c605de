/**
 * Table styles. A bordered table where the table has room, else (its `host` narrower
 * than 640 px) each row is a card and each cell a line of "column name · value", with long values
 * wrapping so nothing scrolls sideways at 390 px. The switch follows the width the table gets
 * (a container query), not the window's: at 768 px the sidebar leaves the content 464 px, too
 * narrow for a five-column table without hiding its actions behind a sideways scroll.
 * The headers then leave the screen (still read by screen readers), except the sortable ones
 * and the select-all box, which stay as a row of chips.
 */
import { createContainer, globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { focusRingInset } from '../focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

const tableHost = createContainer()

/** The element whose width decides the layout: wraps every table (and the role editor's grid). */
export const host = style({ containerType: 'inline-size', containerName: tableHost, minWidth: 0 })

/** A table's box narrower than this (px) shows the stacked (card) layout. */
export const STACKED_BELOW_PX = 640

/** The container query of the stacked (card) layout, for `'@container'` keys (also the role editor's). */
export const STACKED = `${tableHost} (max-width: ${STACKED_BELOW_PX - 0.02}px)`

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const

export const container = style({
  position: 'relative',
  overflowX: 'auto',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  '@container': { [STACKED]: { overflowX: 'visible', border: 'none', borderRadius: 0, background: 'transparent' } },
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.sizeSm,
  color: vars.color.text,
  outline: 'none',
  '@container': { [STACKED]: { display: 'block' } },
})

export const header = style({ '@container': { [STACKED]: { display: 'block' } } })

/** The header's row (react-aria renders the tr): a wrapping row of chips when stacked. */
globalStyle(`${header} > tr`, {
  '@container': { [STACKED]: { display: 'flex', flexWrap: 'wrap', gap: vars.space.sm } },
})

export const column = style([
  focusRingInset,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    textAlign: 'left',
    fontWeight: 600,
    color: vars.color.textMuted,
    borderBottom: `1px solid ${vars.color.border}`,
    whiteSpace: 'nowrap',
    selectors: {
      '&[data-allows-sorting]': { cursor: 'pointer' },
      '&[data-allows-sorting][data-hovered]': { color: vars.color.text },
    },
    '@container': {
      [STACKED]: {
        display: 'inline-flex',
        border: `1px solid ${vars.color.border}`,
        borderRadius: vars.radius.sm,
        background: vars.color.surface,
        padding: `${vars.space.xs} ${vars.space.sm}`,
        marginBottom: vars.space.sm,
      },
    },
  },
])

/** A header that leaves the screen (not the accessibility tree) in the stacked layout. */
export const hiddenWhenStacked = style({ '@container': { [STACKED]: visuallyHidden } })

export const columnInner = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })

export const sortIcon = style({
  flex: 'none',
  opacity: 0.5,
  selectors: { [`${column}[data-sort-direction] &`]: { opacity: 1 } },
})

export const body = style({
  '@container': { [STACKED]: { display: 'flex', flexDirection: 'column', gap: vars.space.md } },
})

export const row = style([
  focusRingInset,
  {
    selectors: {
      '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` },
      '&[data-hovered]': { background: vars.color.background },
      '&[data-selected]': { background: vars.color.background },
      '&[data-disabled]': { opacity: 0.6 },
    },
    '@container': {
      [STACKED]: {
        display: 'flex',
        flexDirection: 'column',
        gap: vars.space.xs,
        padding: vars.space.md,
        border: `1px solid ${vars.color.border}`,
        borderRadius: vars.radius.md,
        background: vars.color.surface,
        minWidth: 0,
      },
    },
  },
])

const cellBase = style([
  focusRingInset,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    verticalAlign: 'middle',
    '@container': { [STACKED]: { padding: `${vars.space.xs} 0`, minWidth: 0, overflowWrap: 'anywhere' } },
  },
])

/** A stacked cell's line: the column name, then the value in the rest of the card's width. */
const stackedLine = { display: 'grid', gridTemplateColumns: 'minmax(5.5rem, 35%) minmax(0, 1fr)', gap: vars.space.sm, alignItems: 'baseline' } as const

/** A data cell, aligned to the start or (numbers) the end; "name · value" on one line when stacked. */
export const cell = styleVariants({
  start: [cellBase, { textAlign: 'left', '@container': { [STACKED]: stackedLine } }],
  end: [cellBase, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', '@container': { [STACKED]: { ...stackedLine, textAlign: 'left' } } }],
})

/** The cell naming its row (a `th` in StaticTable): bold; when stacked, the card's title on a line of its own. */
export const rowHeaderCell = style({ fontWeight: 600, '@container': { [STACKED]: { display: 'block' } } })

/**
 * A cell with no value: off screen (not out of the accessibility tree) in the stacked layout, so
 * its card has no line for it. After `cell`, whose stacked padding it takes away.
 */
export const emptyWhenStacked = style({ '@container': { [STACKED]: { ...visuallyHidden, padding: 0 } } })

/** The column name inside a cell: shown only in the stacked layout (screen readers have the header). */
export const cellLabel = style({
  display: 'none',
  '@container': { [STACKED]: { display: 'block', color: vars.color.textMuted, fontWeight: 600, fontSize: vars.font.sizeSm } },
})

/** The selection box's cell and the actions cell: no label when stacked. */
export const controlCell = style([cellBase, { width: '1%', whiteSpace: 'nowrap', '@container': { [STACKED]: { width: 'auto', whiteSpace: 'normal' } } }])

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
  '@container': { [STACKED]: { flexWrap: 'wrap', justifyContent: 'flex-start', paddingTop: vars.space.xs } },
})

globalStyle(`${body}[data-empty] td`, { padding: vars.space.lg })
globalStyle(`${body}[data-empty] tr, ${body}[data-empty] td`, { '@container': { [STACKED]: { display: 'block' } } })

/** A header over numbers: right-aligned like its cells. */
export const columnEnd = style({ textAlign: 'right' })

/** A StaticTable's caption: a quiet line above the table, its accessible name. */
export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  '@container': { [STACKED]: { display: 'block', padding: `0 0 ${vars.space.sm}` } },
})

/**
 * Table styles (issue #15). At 768 px and wider a bordered table; under 768 px (the mobile
 * breakpoint of SPEC §9, MOBILE_BREAKPOINT_PX) each row is a card and each cell a line of
 * "column name · value", with long values wrapping so nothing scrolls sideways at 390 px.
 * The headers then leave the screen (still read by screen readers), except the sortable ones
 * and the select-all box, which stay as a row of chips.
 */
import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { focusRingInset } from '../focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

/** Under the 768 px breakpoint: the stacked (card) layout. */
const STACKED = 'screen and (max-width: 767.98px)'

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
  '@media': { [STACKED]: { overflowX: 'visible', border: 'none', borderRadius: 0, background: 'transparent' } },
})

export const table = style({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: vars.font.sizeSm,
  color: vars.color.text,
  outline: 'none',
  '@media': { [STACKED]: { display: 'block' } },
})

export const header = style({ '@media': { [STACKED]: { display: 'block' } } })

/** The header's row (react-aria renders the tr): a wrapping row of chips when stacked. */
globalStyle(`${header} > tr`, {
  '@media': { [STACKED]: { display: 'flex', flexWrap: 'wrap', gap: vars.space.sm } },
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
    '@media': {
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
export const hiddenWhenStacked = style({ '@media': { [STACKED]: visuallyHidden } })

export const columnInner = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })

export const sortIcon = style({
  flex: 'none',
  opacity: 0.5,
  selectors: { [`${column}[data-sort-direction] &`]: { opacity: 1 } },
})

export const body = style({
  '@media': { [STACKED]: { display: 'flex', flexDirection: 'column', gap: vars.space.md } },
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
    '@media': {
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
    '@media': { [STACKED]: { padding: `${vars.space.xs} 0`, minWidth: 0, overflowWrap: 'anywhere' } },
  },
])

/** A stacked cell's line: the column name, then the value in the rest of the card's width. */
const stackedLine = { display: 'grid', gridTemplateColumns: 'minmax(5.5rem, 35%) minmax(0, 1fr)', gap: vars.space.sm, alignItems: 'baseline' } as const

/** A data cell, aligned to the start or (numbers) the end; "name · value" on one line when stacked. */
export const cell = styleVariants({
  start: [cellBase, { textAlign: 'left', '@media': { [STACKED]: stackedLine } }],
  end: [cellBase, { textAlign: 'right', fontVariantNumeric: 'tabular-nums', '@media': { [STACKED]: { ...stackedLine, textAlign: 'left' } } }],
})

/** The cell naming its row (a `th` in StaticTable): bold; when stacked, the card's title on a line of its own. */
export const rowHeaderCell = style({ fontWeight: 600, '@media': { [STACKED]: { display: 'block' } } })

/** The column name inside a cell: shown only in the stacked layout (screen readers have the header). */
export const cellLabel = style({
  display: 'none',
  '@media': { [STACKED]: { display: 'block', color: vars.color.textMuted, fontWeight: 600, fontSize: vars.font.sizeSm } },
})

/** The selection box's cell and the actions cell: no label when stacked. */
export const controlCell = style([cellBase, { width: '1%', whiteSpace: 'nowrap', '@media': { [STACKED]: { width: 'auto', whiteSpace: 'normal' } } }])

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
  '@media': { [STACKED]: { flexWrap: 'wrap', justifyContent: 'flex-start', paddingTop: vars.space.xs } },
})

globalStyle(`${body}[data-empty] td`, { padding: vars.space.lg })
globalStyle(`${body}[data-empty] tr, ${body}[data-empty] td`, { '@media': { [STACKED]: { display: 'block' } } })

/** A header over numbers: right-aligned like its cells. */
export const columnEnd = style({ textAlign: 'right' })

/** A StaticTable's caption: a quiet line above the table, its accessible name. */
export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  '@media': { [STACKED]: { display: 'block', padding: `0 0 ${vars.space.sm}` } },
})

/**
 * The role editor: Name and Description, and the resource × action grid of checkboxes. The grid
 * is a plain table dressed in the Table primitive's classes, so it looks like every other table:
 * where it has room (640 px and wider) a bordered table with a row of action names over one row per resource; under it
 * each resource is a card, its checkboxes wrapping with their action's name beside them, so
 * nothing scrolls sideways at 390 px. Theme variables only.
 */
import { globalStyle, style } from '@vanilla-extract/css'
import * as table from '../../ui/primitives/Table/Table.css.ts'
import { checkboxGridRow } from '../../ui/primitives/Table/checkboxGridRow.ts'
import { vars } from '../../ui/theme.css.ts'

/** The Table primitive's stacked layout (a container query on `table.host`). */
const STACKED = table.STACKED

/** The grid's container-query host (see the Table primitive). */
export const gridHost = table.host

export const fields = style({ display: 'grid', gap: vars.space.lg, maxWidth: 560 })

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, minWidth: 0 })

/** The grid's heading and error: no browser margins inside the group's own spacing. */
export const flush = style({ margin: 0 })

export const gridFrame = style([table.container, { selectors: { '&[data-invalid]': { borderColor: vars.color.danger } } }])

export const grid = table.table

/**
 * The action names with their column boxes; when stacked, a compact wrapping row of
 * chips above the cards ('Create on every resource'...), the 'Resource' and 'All' headers off screen.
 */
export const head = table.header

export const columnHeader = style([table.column, { textAlign: 'center', verticalAlign: 'bottom' }])

export const resourceHeader = style([table.column, table.hiddenWhenStacked, { minWidth: 240 }])

export const allHeader = style([table.column, table.hiddenWhenStacked, { textAlign: 'center', verticalAlign: 'bottom' }])

export const body = table.body

/** A resource's row; when stacked, a card: its name, then the 'All' box and the action boxes in as many columns as fit. */
export const gridRow = checkboxGridRow(96)

export const rowHeader = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  fontWeight: 'normal',
  verticalAlign: 'top',
  '@container': { [STACKED]: { gridColumn: '1 / -1', padding: 0 } },
})

export const resourceLabel = style({ display: 'block', fontWeight: 600, color: vars.color.text })

export const resourceDescription = style({ display: 'block', color: vars.color.textMuted, lineHeight: 1.4 })

export const cell = style({
  padding: vars.space.sm,
  textAlign: 'center',
  verticalAlign: 'middle',
  '@container': { [STACKED]: { padding: 0, textAlign: 'left' } },
})

/** A checkbox's action name: shown only when stacked (the header row names the columns otherwise). */
export const stackedName = style({ display: 'none', '@container': { [STACKED]: { display: 'inline' } } })

// From 768 px the box stands alone, centred under its action's name: no gap for the (hidden) name beside it.
globalStyle(`${cell} > *`, { alignItems: 'center', '@container': { [STACKED]: { alignItems: 'flex-start' } } })
globalStyle(`${cell} label`, { gap: 0, '@container': { [STACKED]: { gap: vars.space.sm } } })

// From 768 px a column's name sits over its box; stacked, the chip reads "☐ Create" on one line.
globalStyle(`${columnHeader} label`, {
  flexDirection: 'column-reverse',
  alignItems: 'center',
  gap: vars.space.xs,
  fontWeight: 600,
  '@container': { [STACKED]: { flexDirection: 'row', gap: vars.space.xs } },
})
globalStyle(`${columnHeader} > *`, { alignItems: 'center' })

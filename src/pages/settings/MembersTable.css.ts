/**
 * The virtualised members table: a bordered box whose body scrolls inside it (react-aria's
 * Virtualizer positions the rows it renders), rows of one height so the scroll length is known
 * without drawing them. Long names, emails and role lists are cut with an ellipsis. The Virtualizer
 * puts each header cell, row and cell in a wrapper sized by the layout: they fill it (`height: 100%`).
 */
import { globalStyle, style } from '@vanilla-extract/css'
import { fieldFocusRing, focusRingInset } from '../../ui/primitives/focus-ring.css.ts'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import { vars } from '../../ui/theme.css.ts'

/** Row, header and loader heights (px) given to the layout. */
export const ROW_PX = 56
export const HEADING_PX = 40
export const LOADER_PX = 48
/** The tallest the table grows (px) before its body scrolls. */
export const MAX_TABLE_PX = 640
/** Narrower than this (px), the table shows two columns: the member on three lines, and the buttons. */
export const COMPACT_BELOW_PX = 640
/** The least width (px) of the wide layout's name, email, status and roles columns, in that order. */
export const COLUMN_MIN_PX = { name: 130, email: 150, status: 90, roles: 120 } as const
/** The actions column's width (px) until its buttons are measured. */
export const ACTIONS_FALLBACK_PX = 200
/** A row's height (px) in the two-column layout. */
export const COMPACT_ROW_PX = 104

export const box = style({
  position: 'relative',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  overflow: 'hidden',
})

export const table = style({
  display: 'block',
  width: '100%',
  overflow: 'auto',
  fontSize: vars.font.sizeSm,
  color: vars.color.text,
  outline: 'none',
})

export const column = style([
  focusRingInset,
  {
    display: 'flex',
    alignItems: 'center',
    paddingInline: vars.space.md,
    fontWeight: 600,
    color: vars.color.textMuted,
    borderBottom: `1px solid ${vars.color.border}`,
    background: vars.color.surface,
    whiteSpace: 'nowrap',
    boxSizing: 'border-box',
    height: '100%',
  },
])

export const row = style([
  focusRingInset,
  {
    borderBottom: `1px solid ${vars.color.border}`,
    boxSizing: 'border-box',
    height: '100%',
    outline: 'none',
    selectors: { '&[data-hovered]': { background: vars.color.background } },
  },
])

export const cell = style([
  focusRingInset,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.xs,
    paddingInline: vars.space.md,
    overflow: 'hidden',
    boxSizing: 'border-box',
    outline: 'none',
    height: '100%',
  },
])

/** One line, cut with an ellipsis (the full text stays in the DOM for screen readers and search). */
export const clip = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 })

/** Role badges on one line, the overflow hidden. */
export const roles = style({ display: 'flex', gap: vars.space.xs, overflow: 'hidden', flexWrap: 'nowrap', minWidth: 0 })

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', alignItems: 'center', width: '100%' })

/**
 * An unseen copy of a row's two buttons with the cell's padding, measured for the actions column's
 * width in the reader's language ('Rollen bearbeiten' is half again as wide as 'Edit roles').
 */
export const actionsMeasure = style({
  position: 'absolute',
  insetBlockStart: 0,
  insetInlineStart: 0,
  display: 'inline-flex',
  gap: vars.space.sm,
  paddingInline: vars.space.md,
  whiteSpace: 'nowrap',
  visibility: 'hidden',
  pointerEvents: 'none',
})

/** The two-column layout's member cell: name, email, then status and roles, one line each. */
export const stackedCell = style([
  focusRingInset,
  {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: 2,
    paddingInline: vars.space.md,
    overflow: 'hidden',
    boxSizing: 'border-box',
    outline: 'none',
    minWidth: 0,
    height: '100%',
  },
])
export const title = style({ fontWeight: 600, minWidth: 0, display: 'flex' })
export const line = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', overflow: 'hidden', minWidth: 0 })
/** The two-column layout's buttons, one above the other at the end of the row. */
export const stackedActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, alignItems: 'flex-end', width: '100%' })

export const loader = style({
  display: 'flex',
  height: '100%',
  alignItems: 'center',
  justifyContent: 'center',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
})

/** The search field above the table. */
export const search = style([field.field, { maxWidth: 360 }])
export const searchInput = style([
  fieldFocusRing,
  field.controlBox,
  { selectors: { '&::-webkit-search-cancel-button': { display: 'none' } } },
])
export const searchRow = style({ display: 'flex', alignItems: 'flex-end', gap: vars.space.md, flexWrap: 'wrap' })
export const searchControl = style({ position: 'relative', display: 'flex', alignItems: 'center' })
export const clear = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
})
globalStyle(`${search}[data-empty] ${clear}`, { display: 'none' })

/**
 * The audit log page (Audit log): the filters in a wrapping row, the table wider than
 * the other settings pages (six columns), the quiet texts of its cells, and the "Load more" row.
 * Theme variables only; the table stacks into cards under 768 px (the Table primitive).
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 1200, minWidth: 0 })

/** The two filter selects side by side; under the 768 px breakpoint one under the other, full width. */
export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 18rem))',
  gap: vars.space.md,
  alignItems: 'end',
  '@media': { 'screen and (max-width: 767.98px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})

/** A cell text that may be long (details, addresses, emails): wraps anywhere rather than widening the table. */
export const wrap = style({ overflowWrap: 'anywhere', minWidth: 0 })

/** The details column: a readable measure on wide screens. */
export const details = style([wrap, { display: 'inline-block', maxWidth: '28rem', color: vars.color.textMuted }])

/** The time: no break inside "2 minutes ago"; the exact time is its title. */
export const when = style({ whiteSpace: 'nowrap' })

/** An address in the digits' own width. */
export const ip = style([wrap, { fontVariantNumeric: 'tabular-nums' }])

/** A cell with nothing in it. */
export const none = style({ color: vars.color.textMuted })

/** 'Load more' (and a failed load's message) under the table. */
export const more = style({ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: vars.space.sm })

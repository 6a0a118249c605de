import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const header = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between', gap: vars.space.lg, marginBottom: vars.space.xl })
export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })
export const crumbs = style({ display: 'flex', gap: vars.space.xs, listStyle: 'none', margin: 0, padding: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm })
export const crumb = style({ selectors: { '&:not(:last-child)::after': { content: '"/"', marginLeft: vars.space.xs } } })
export const actions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })
export const empty = style({
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xxl,
  textAlign: 'center',
  color: vars.color.textMuted,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'center',
})
export const emptyTitle = style({ margin: 0, fontSize: vars.font.sizeLg, color: vars.color.text })

/** The pending-invitations list's styles: theme variables only. */
import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginTop: vars.space.lg })
/** Inside the switcher's popover: a band between the list and the create form. */
export const compact = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
})
export const heading = style({ margin: 0, fontSize: vars.font.sizeSm, fontWeight: 600, color: vars.color.textMuted })
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm })
export const item = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })
export const icon = style({ flexShrink: 0, color: vars.color.primary })
export const label = style({ flex: '1 1 10rem', minWidth: 0, fontSize: vars.font.sizeSm, overflowWrap: 'anywhere' })
export const actions = style({ display: 'flex', gap: vars.space.xs, marginInlineStart: 'auto' })

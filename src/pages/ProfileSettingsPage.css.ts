import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const tabList = style({ display: 'flex', gap: vars.space.sm, borderBottom: `1px solid ${vars.color.border}`, marginBottom: vars.space.xl })
export const tab = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  cursor: 'pointer',
  color: vars.color.textMuted,
  fontWeight: 600,
  borderBottom: '2px solid transparent',
  outline: 'none',
  selectors: {
    '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}`, borderRadius: vars.radius.sm },
  },
})
export const panel = style({ outline: 'none' })

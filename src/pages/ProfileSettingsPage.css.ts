import { style } from '@vanilla-extract/css'
import { focusRing } from '../ui/primitives/focus-ring.css.ts'
import { vars } from '../ui/theme.css.ts'

export const tabList = style({
  display: 'flex',
  gap: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xl,
  // Longer tab names (Deutsch: 'Benachrichtigungen') scroll sideways on phones rather than widen the page.
  overflowX: 'auto',
  scrollbarWidth: 'none',
})
export const tab = style([
  focusRing,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    flexShrink: 0,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    color: vars.color.textMuted,
    fontWeight: 600,
    borderBottom: '2px solid transparent',
    borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
    selectors: {
      '&[data-hovered]': { color: vars.color.text },
      '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    },
  },
])
export const panel = style([focusRing, { borderRadius: vars.radius.md }])
/** The Security tab's sections, stacked. */
export const sections = style({ display: 'grid', gap: vars.space.xl })

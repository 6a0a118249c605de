/**
 * Layout the pages share beyond the primitives: a form's column, an alert's message beside its
 * retry button, and the tabs of the account and Developers pages. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { focusRing } from '../ui/primitives/focus-ring.css.ts'
import { vars } from '../ui/theme.css.ts'

/** A form: its alert, fields and actions one under another. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 560, minWidth: 0 })

/** An alert's message beside its retry button, the button wrapping under it on a narrow screen. */
export const alertRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md })

/** A page's tab list: a line under the tabs; tabs that outgrow a narrow screen scroll sideways. */
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

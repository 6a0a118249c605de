/**
 * The Developers page: its width and its tabs (the look of the account pages' tabs). Theme
 * variables only.
 */
import { style } from '@vanilla-extract/css'
import { focusRing } from '../../ui/primitives/focus-ring.css.ts'
import { vars } from '../../ui/theme.css.ts'

export const page = style({ display: 'flex', flexDirection: 'column', maxWidth: 1200, minWidth: 0 })

/** The tab list scrolls sideways on its own if the labels ever outgrow a narrow screen. */
export const tabList = style({
  display: 'flex',
  gap: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space.xl,
  overflowX: 'auto',
  scrollbarWidth: 'none',
})
export const tab = style([
  focusRing,
  {
    padding: `${vars.space.sm} ${vars.space.md}`,
    cursor: 'pointer',
    color: vars.color.textMuted,
    fontWeight: 600,
    whiteSpace: 'nowrap',
    borderBottom: '2px solid transparent',
    borderRadius: `${vars.radius.sm} ${vars.radius.sm} 0 0`,
    selectors: {
      '&[data-hovered]': { color: vars.color.text },
      '&[data-selected]': { color: vars.color.primary, borderBottomColor: vars.color.primary },
    },
  },
])
export const panel = style([focusRing, { borderRadius: vars.radius.md, minWidth: 0 }])

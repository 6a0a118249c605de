/**
 * The skip link: off screen until it has keyboard focus, then a button-like
 * chip at the top left, above the page (the sticky layer). Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { FOCUS_RING_SHADOW } from './primitives/focus-ring.css.ts'
import { zIndex } from './primitives/layers.ts'
import { vars } from './theme.css.ts'

export const skipLink = style({
  position: 'fixed',
  top: vars.space.sm,
  insetInlineStart: vars.space.sm,
  zIndex: zIndex.toast,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontWeight: 600,
  textDecoration: 'none',
  outline: 'none',
  // Moved out of view (not display:none: it must stay focusable and in the tab order).
  transform: 'translateY(calc(-100% - 16px))',
  selectors: { '&:focus': { transform: 'none', boxShadow: FOCUS_RING_SHADOW } },
})

/**
 * The notification rows' icon buttons (src/ui/shell/RowActions.tsx): the IconButton's ghost, 24 px
 * look on a native button, so states come from CSS (`:hover`, `:active`, `:focus-visible`)
 * rather than react-aria's data attributes.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'
import { FOCUS_RING_SHADOW } from '../primitives/focus-ring.css.ts'

export const rowAction = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  padding: 0,
  flexShrink: 0,
  border: '1px solid transparent',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  outline: 'none',
  transition: 'background-color 120ms ease',
  selectors: {
    '&:hover': { background: vars.color.background },
    '&:active': { background: vars.color.border, transform: 'translateY(1px)' },
    '&:focus-visible': { boxShadow: FOCUS_RING_SHADOW },
    // Offline (src/ui/shell/NeedsConnection.tsx): dimmed, still focusable for its tooltip.
    '&[aria-disabled="true"]': { opacity: 0.45, cursor: 'not-allowed', background: 'transparent', transform: 'none' },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

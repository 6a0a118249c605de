/**
 * The one focus ring: every focusable primitive composes one of these styles, so
 * keyboard focus looks the same everywhere and changes in one place. react-aria sets
 * `data-focus-visible` only for keyboard focus, so pointer clicks show no ring.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

/** The ring's box-shadow outside the element (buttons, links, fields). */
export const FOCUS_RING_SHADOW = `0 0 0 3px ${vars.color.focusRing}`
/** The ring inside the element, for rows and items whose neighbours would hide an outer ring. */
export const FOCUS_RING_INSET_SHADOW = `inset 0 0 0 2px ${vars.color.focusRing}`

/** Outer ring on `[data-focus-visible]`; compose with `style([focusRing, {...}])`. */
export const focusRing = style({
  outline: 'none',
  // `:focus-visible` too, for native anchors (src/ui/shell/NavLink.tsx).
  selectors: { '&[data-focus-visible], &[href]:focus-visible': { boxShadow: FOCUS_RING_SHADOW } },
})

/** Inset ring on `[data-focus-visible]`, for list rows, menu items and table rows. */
export const focusRingInset = style({
  outline: 'none',
  // `:focus-visible` too, for the native anchors of the sidebar (src/ui/shell/NavLink.tsx).
  selectors: { '&[data-focus-visible], &[href]:focus-visible': { boxShadow: FOCUS_RING_INSET_SHADOW } },
})

/** Ring while a text input has focus (`[data-focused]`: typing targets always show where they are). */
export const fieldFocusRing = style({
  outline: 'none',
  selectors: { '&[data-focused]': { borderColor: vars.color.primary, boxShadow: FOCUS_RING_SHADOW } },
})

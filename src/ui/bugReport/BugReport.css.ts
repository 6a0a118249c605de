import { style } from '@vanilla-extract/css'
import { zIndex } from '../primitives/layers.ts'
import { vars } from '../theme.css.ts'

/**
 * Under this width (the sidebar's drawer breakpoint, SIDEBAR_MOBILE_BREAKPOINT) a floating button
 * would sit over rows, their actions and calls to action as the page scrolls under it: there the
 * button leaves the corner and docks at the end of the page instead (`dock`).
 */
export const PHONE = 'screen and (max-width: 767px)'

/** The floating button's size and its distance from the corner; pages keep their last line clear of it ({@link FLOATING_BUTTON_CLEARANCE}). */
const SIZE = 48
/** Bottom padding a page's content needs so its end scrolls clear of the floating button (48 px + 24 px above and below). */
export const FLOATING_BUTTON_CLEARANCE = `calc(${SIZE}px + 2 * ${vars.space.xl})`

/**
 * The floating round button (a primary Button), bottom right, above the content and below every
 * overlay (the sticky layer: popovers, dialogs and the mobile drawer's dimmed overlay cover it).
 * On phones it is a smaller button in the page's flow, at the end of the dock.
 */
export const floatingButton = style({
  position: 'fixed',
  insetInlineEnd: vars.space.xl,
  bottom: vars.space.xl,
  zIndex: zIndex.sticky,
  width: SIZE,
  height: SIZE,
  padding: 0,
  borderRadius: '50%',
  boxShadow: vars.shadow.card,
  '@media': { [PHONE]: { position: 'static', width: 40, height: 40, boxShadow: 'none' } },
})

/**
 * The button's place. Wide screens: no box of its own (the button floats). Phones: a row after
 * the page (footer included), the button at its end, so it never covers content at any scroll position.
 */
export const dock = style({
  display: 'contents',
  '@media': {
    [PHONE]: {
      display: 'flex',
      justifyContent: 'flex-end',
      padding: `${vars.space.sm} ${vars.space.lg} max(${vars.space.md}, env(safe-area-inset-bottom))`,
      borderTop: `1px solid ${vars.color.border}`,
      background: vars.color.background,
    },
  },
})

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const screenshotRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const uploadStatus = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.text })

export const uploadError = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.danger })

/** The footer's row: 'Hide Forever' at the start, Cancel and Submit together at the end (on their own line when narrow). */
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, width: '100%' })

export const actionsEnd = style({ display: 'flex', gap: vars.space.sm, marginInlineStart: 'auto' })

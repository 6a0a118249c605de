import { keyframes, style } from '@vanilla-extract/css'
import { SIDEBAR_WIDTH, SIDEBAR_WIDTH_ICON, SIDEBAR_WIDTH_MOBILE } from '../../../machines/sidebar/sidebar.machine.ts'
import { vars } from '../theme.css.ts'

export const docked = style({
  position: 'sticky',
  top: 0,
  flexShrink: 0,
  height: '100vh',
  width: SIDEBAR_WIDTH,
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
  transition: 'width 200ms ease',
  selectors: { '&[data-state="collapsed"]': { width: SIDEBAR_WIDTH_ICON } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } })
const slide = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } })
// From the right edge in right-to-left pages, where the drawer sits.
const slideRtl = keyframes({ from: { transform: 'translateX(100%)' }, to: { transform: 'translateX(0)' } })

export const overlay = style({
  position: 'fixed',
  inset: 0,
  // Its z-index is the modal layer's, set inline (layers.ts).
  background: vars.color.scrim,
  selectors: {
    '&[data-entering]': { animation: `${fade} 200ms ease-out` },
    '&[data-exiting]': { animation: `${fade} 150ms ease-in reverse` },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { selectors: { '&[data-entering], &[data-exiting]': { animation: 'none' } } } },
})

export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  insetInlineStart: 0,
  width: SIDEBAR_WIDTH_MOBILE,
  maxWidth: '85vw',
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  outline: 'none',
  selectors: {
    '&[data-entering]': { animation: `${slide} 200ms ease-out` },
    '&[data-exiting]': { animation: `${slide} 150ms ease-in reverse` },
    '[dir="rtl"] &[data-entering]': { animation: `${slideRtl} 200ms ease-out` },
    '[dir="rtl"] &[data-exiting]': { animation: `${slideRtl} 150ms ease-in reverse` },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { selectors: { '&[data-entering], &[data-exiting]': { animation: 'none' } } } },
})

export const drawerDialog = style({ height: '100%', outline: 'none' })

/**
 * The SegmentedControl's look: a sunken pill track, and a raised pill (react-aria
 * `SelectionIndicator`) that slides to the selected option. Theme variables only.
 */
import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { focusRing } from '../focus-ring.css.ts'

export const group = style({
  display: 'inline-flex',
  alignItems: 'stretch',
  gap: 2,
  padding: 3,
  borderRadius: 999,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  selectors: { '&[data-disabled]': { opacity: 0.5 } },
})

const option = style([
  focusRing,
  {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.xs,
    border: 'none',
    borderRadius: 999,
    background: 'transparent',
    color: vars.color.textMuted,
    font: 'inherit',
    fontWeight: 500,
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    transition: 'color 120ms ease',
    selectors: {
      '&[data-hovered]': { color: vars.color.text },
      '&[data-selected]': { color: vars.color.text, fontWeight: 600 },
      '&[data-disabled]': { cursor: 'not-allowed' },
    },
  },
])

export const size = styleVariants({
  sm: [option, { padding: `2px ${vars.space.md}`, fontSize: vars.font.sizeSm, minHeight: 26 }],
  md: [option, { padding: `${vars.space.xs} ${vars.space.lg}`, fontSize: vars.font.sizeMd, minHeight: 32 }],
})

/** The selected pill, under the label; react-aria moves it between options. */
export const indicator = style({
  position: 'absolute',
  inset: 0,
  zIndex: 0,
  borderRadius: 'inherit',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  transition: 'translate 180ms ease, width 180ms ease',
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

/** Label and count above the indicator. */
export const content = style({ position: 'relative', zIndex: 1, display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })

export const count = style({
  minWidth: 18,
  padding: '0 5px',
  borderRadius: 999,
  background: vars.color.border,
  color: vars.color.text,
  fontSize: '0.6875rem',
  fontWeight: 600,
  lineHeight: '18px',
  textAlign: 'center',
})

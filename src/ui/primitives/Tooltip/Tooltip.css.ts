/**
 * The Tooltip primitive's look: inverted colours (text on background swapped, so it
 * reads in light and dark), a small arrow, fade in and out. Theme variables only.
 */
import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { overlayMotion } from '../Popover/overlayMotion.ts'

const fade = keyframes({ from: { opacity: 0 } })

export const tooltip = style([
  overlayMotion(fade, 120),
  {
    maxWidth: '20rem',
    background: vars.color.text,
    color: vars.color.background,
    borderRadius: vars.radius.sm,
    padding: `${vars.space.xs} ${vars.space.sm}`,
    fontSize: vars.font.sizeSm,
    fontWeight: 500,
    lineHeight: 1.4,
    boxShadow: vars.shadow.card,
    pointerEvents: 'none',
  },
])

/** The arrow drawn pointing down; turned toward the trigger for the other placements. */
export const arrow = style({
  display: 'flex',
  fill: vars.color.text,
  selectors: {
    '&[data-placement="bottom"]': { transform: 'rotate(180deg)' },
    '&[data-placement="left"]': { transform: 'rotate(-90deg)' },
    '&[data-placement="right"]': { transform: 'rotate(90deg)' },
  },
})

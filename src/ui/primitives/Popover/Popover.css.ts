/**
 * The Popover primitive's look: a raised surface with the card shadow, an optional
 * arrow drawn in the same colours, a short fade and slide from its trigger. Theme variables only.
 */
import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { overlayMotion } from './overlayMotion.ts'

const enter = keyframes({ from: { opacity: 0, transform: 'var(--popover-from, none)' } })

export const popover = style([
  overlayMotion(enter, 140),
  {
    display: 'flex',
    flexDirection: 'column',
    minWidth: '12rem',
    maxWidth: 'calc(100vw - 16px)',
    background: vars.color.surfaceRaised,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    boxShadow: vars.shadow.card,
    outline: 'none',
    selectors: {
      '&[data-placement="bottom"]': { vars: { '--popover-from': 'translateY(-4px)' } },
      '&[data-placement="top"]': { vars: { '--popover-from': 'translateY(4px)' } },
      '&[data-placement="left"]': { vars: { '--popover-from': 'translateX(4px)' } },
      '&[data-placement="right"]': { vars: { '--popover-from': 'translateX(-4px)' } },
    },
  },
])

/** The scrolling content: the popover keeps its border and arrow while a long list scrolls. */
export const content = style({ flex: '1 1 auto', minHeight: 0, overflowY: 'auto', borderRadius: 'inherit' })

/** The arrow drawn pointing down; turned toward the trigger for the other placements. */
export const arrow = style({
  display: 'flex',
  fill: vars.color.surfaceRaised,
  stroke: vars.color.border,
  strokeWidth: 1,
  // Overlap the popover's border by 1px so the arrow's base has no line across it.
  selectors: {
    '&[data-placement="top"]': { marginTop: -1 },
    '&[data-placement="bottom"]': { marginBottom: -1, transform: 'rotate(180deg)' },
    '&[data-placement="left"]': { marginLeft: -1, transform: 'rotate(-90deg)' },
    '&[data-placement="right"]': { marginRight: -1, transform: 'rotate(90deg)' },
  },
})

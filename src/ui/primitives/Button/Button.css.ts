/**
 * The Button primitive's look: one base, one class per variant (base composed in),
 * one class per size. States come from react-aria's data attributes; a gated button is
 * `aria-disabled="true"` (focusable, inert). Theme variables only.
 */
import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { focusRing } from '../focus-ring.css.ts'

/** Hover and press looks apply only to a button a person can use. */
const live = ':not([aria-disabled="true"])'

const base = style([
  focusRing,
  {
    appearance: 'none',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.sm,
    border: '1px solid transparent',
    borderRadius: vars.radius.md,
    font: 'inherit',
    fontWeight: 600,
    lineHeight: 1.25,
    whiteSpace: 'nowrap',
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    userSelect: 'none',
    transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease',
    selectors: {
      [`&[data-pressed]${live}`]: { transform: 'translateY(1px)' },
      // react-aria marks a pending button aria-disabled too: it keeps its colours, with a spinner.
      '&[data-pending]': { cursor: 'progress' },
      '&[data-disabled], &[aria-disabled="true"]:not([data-pending])': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
])

export const variant = styleVariants({
  primary: [
    base,
    {
      background: vars.color.primary,
      borderColor: vars.color.primary,
      color: vars.color.primaryText,
      selectors: { [`&[data-hovered]${live}`]: { background: vars.color.primaryHover, borderColor: vars.color.primaryHover } },
    },
  ],
  secondary: [
    base,
    {
      background: vars.color.surfaceRaised,
      borderColor: vars.color.border,
      color: vars.color.text,
      selectors: { [`&[data-hovered]${live}`]: { borderColor: vars.color.primary } },
    },
  ],
  ghost: [
    base,
    {
      background: 'transparent',
      color: vars.color.text,
      selectors: {
        [`&[data-hovered]${live}`]: { background: vars.color.background },
        [`&[data-pressed]${live}`]: { background: vars.color.border },
      },
    },
  ],
  danger: [
    base,
    {
      background: vars.color.dangerSurface,
      borderColor: vars.color.danger,
      color: vars.color.danger,
      selectors: { [`&[data-hovered]${live}`]: { background: vars.color.danger, color: vars.color.primaryText } },
    },
  ],
})

export const size = styleVariants({
  sm: { minHeight: 32, padding: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.font.sizeSm, gap: vars.space.xs },
  md: { minHeight: 40, padding: `${vars.space.sm} ${vars.space.lg}`, fontSize: vars.font.sizeMd },
})

/** The leading icon (or the pending spinner in its place). */
export const icon = style({ display: 'inline-flex', flexShrink: 0 })

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
export const spinner = style({
  animation: `${spin} 900ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

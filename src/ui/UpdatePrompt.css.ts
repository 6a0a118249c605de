import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

/** Bottom centre, above page content, beside (not over) the toasts on the right. */
export const anchor = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.xl,
  transform: 'translateX(-50%)',
  zIndex: 1000,
  width: 'max-content',
  maxWidth: 'calc(100vw - 32px)',
})

export const banner = style({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeft: `4px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.card,
})

export const text = style({ margin: 0, lineHeight: 1.4 })

export const actions = style({ display: 'flex', gap: vars.space.sm })

const button = style({
  appearance: 'none',
  font: 'inherit',
  fontWeight: 600,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-disabled]': { opacity: 0.6, cursor: 'default' },
  },
})

export const primary = style([
  button,
  {
    border: `1px solid ${vars.color.primary}`,
    background: vars.color.primary,
    color: vars.color.primaryText,
    selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.primaryHover } },
  },
])

export const secondary = style([
  button,
  {
    border: `1px solid ${vars.color.border}`,
    background: 'transparent',
    color: vars.color.text,
    selectors: { '&[data-hovered]:not([data-disabled])': { background: vars.color.background } },
  },
])

import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const centered = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xl,
})

export const card = style({
  width: '100%',
  maxWidth: 420,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: vars.space.xxl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const heading = style({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.25 })
export const text = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 })

export const button = style({
  appearance: 'none',
  border: 'none',
  borderRadius: vars.radius.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  font: 'inherit',
  fontWeight: 600,
  background: vars.color.primary,
  color: vars.color.primaryText,
  cursor: 'pointer',
  textAlign: 'center',
  textDecoration: 'none',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.primaryHover },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-disabled], &[data-pending]': { opacity: 0.7, cursor: 'progress' },
    '&[aria-disabled="true"]': { opacity: 0.5, cursor: 'not-allowed', background: vars.color.primary },
  },
})

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  textDecoration: 'none',
  outline: 'none',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
})

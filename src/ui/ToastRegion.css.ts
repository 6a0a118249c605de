import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const region = style({
  position: 'fixed',
  bottom: vars.space.xl,
  right: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  zIndex: 1000,
  maxWidth: 'min(420px, calc(100vw - 32px))',
})

const base = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: 4,
})

export const toast = styleVariants({
  success: [base, { borderLeftColor: '#12b76a' }],
  info: [base, { borderLeftColor: vars.color.primary }],
  error: [base, { borderLeftColor: vars.color.danger }],
})

export const message = style({ flex: 1, lineHeight: 1.4 })

export const dismiss = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  font: 'inherit',
  fontSize: vars.font.sizeLg,
  lineHeight: 1,
  padding: 0,
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` } },
})

import { style, styleVariants } from '@vanilla-extract/css'
import { zIndex } from './primitives/layers.ts'
import { vars } from './theme.css.ts'

export const region = style({
  position: 'fixed',
  bottom: vars.space.xl,
  right: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  zIndex: zIndex.toast,
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
  success: [base, { borderLeftColor: vars.color.success }],
  info: [base, { borderLeftColor: vars.color.primary }],
  error: [base, { borderLeftColor: vars.color.danger }],
})

export const message = style({ flex: 1, lineHeight: 1.4 })

/** Lines the Dismiss button's icon up with the message's first line. */
export const dismiss = style({ marginTop: -2, marginRight: -4 })

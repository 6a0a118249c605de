import { style } from '@vanilla-extract/css'
import { zIndex } from './primitives/layers.ts'
import { vars } from './theme.css.ts'

/** Bottom centre, on the toasts' layer (above page content and overlays), beside (not over) the toasts on the right. */
export const anchor = style({
  position: 'fixed',
  left: '50%',
  bottom: vars.space.xl,
  transform: 'translateX(-50%)',
  zIndex: zIndex.toast,
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
  borderInlineStart: `4px solid ${vars.color.primary}`,
  boxShadow: vars.shadow.card,
})

export const text = style({ margin: 0, lineHeight: 1.4 })

export const actions = style({ display: 'flex', gap: vars.space.sm })

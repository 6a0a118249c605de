/**
 * The human-verification overlay (SPEC.md §2.6): a full-screen, opaque backdrop (the content
 * behind is not rendered anyway) with one small card holding the title and the widget.
 */
import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: vars.color.background,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  zIndex: 100,
})

export const modal = style({
  width: '100%',
  maxWidth: 400,
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  outline: 'none',
})

export const dialog = style({
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.lg,
  outline: 'none',
  fontFamily: vars.font.body,
})

export const title = style({ margin: 0, fontSize: vars.font.sizeLg, textAlign: 'center' })

/** The widget's slot keeps its size while the widget loads or is replaced, so nothing jumps. */
export const widgetSlot = style({
  minHeight: 72,
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const spinner = style({
  width: 24,
  height: 24,
  borderRadius: '50%',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

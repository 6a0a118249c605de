import { keyframes, style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const splash = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xl,
  background: vars.color.background,
  color: vars.color.text,
})

/** The app's ring spinner: the splash's, and the verification gate's while it prepares the check. */
export const spinner = style({
  width: 28,
  height: 28,
  borderRadius: '50%',
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.primary,
  animation: `${spin} 0.8s linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animationDuration: '2.4s' } },
})

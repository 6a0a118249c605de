import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const label = style({ fontWeight: 600, fontSize: vars.font.sizeSm })
export const input = style({
  font: 'inherit',
  padding: `${vars.space.md} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  outline: 'none',
  selectors: {
    '&[data-focused]': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.7 },
  },
})
export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.sizeSm })
export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.4,
})
export const notice = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0 })

/** The line under a form that switches between sign-in and sign-up. */
export const switchLine = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, textAlign: 'center' })
export const switchButton = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  padding: 0,
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.primary,
  cursor: 'pointer',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-disabled]': { opacity: 0.6, cursor: 'default' },
  },
})

/** The public and centred pages' card, heading and text, shared by src/ui and src/pages. */
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

import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const page = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '60vh',
  padding: vars.space.xl,
})

export const card = style({
  maxWidth: 480,
  textAlign: 'center',
  padding: vars.space.xxl,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
})

export const heading = style({ margin: 0, fontSize: vars.font.sizeXl, color: vars.color.text })

export const text = style({ margin: `${vars.space.md} 0 ${vars.space.xl}`, color: vars.color.textMuted, lineHeight: 1.5 })

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'center', flexWrap: 'wrap' })

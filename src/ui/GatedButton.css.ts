import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const tooltip = style({
  background: vars.color.text,
  color: vars.color.background,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  maxWidth: 280,
})

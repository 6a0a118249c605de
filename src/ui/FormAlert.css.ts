/** The form-level alert (a refusal no field can carry): danger text on the danger surface. */
import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const alert = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.4,
})

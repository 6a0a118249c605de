import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const tooltip = style({
  background: vars.color.text,
  color: vars.color.background,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
  boxShadow: vars.shadow.card,
  pointerEvents: 'none',
  selectors: {
    '&[data-entering]': { opacity: 0 },
    '&[data-exiting]': { opacity: 0 },
  },
})

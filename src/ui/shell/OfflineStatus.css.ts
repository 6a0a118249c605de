import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

/** A strip under the header, the width of the content column: it never crowds the header. */
export const strip = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  margin: 0,
  paddingBlock: vars.space.sm,
  paddingInline: vars.space.lg,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderBlockEnd: `1px solid ${vars.color.border}`,
  borderInlineStart: `4px solid ${vars.color.danger}`,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.4,
})

export const title = style({ fontWeight: 600 })

export const detail = style({ color: vars.color.textMuted })

import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const card = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  maxWidth: 640,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
export const status = style({ margin: 0, lineHeight: 1.5 })
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })
export const buttons = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })
export const heading = style({ margin: `${vars.space.lg} 0 ${vars.space.sm}`, fontSize: vars.font.sizeMd })
export const devices = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, margin: 0, padding: 0, listStyle: 'none' })
export const device = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const deviceName = style({ fontWeight: 600 })
export const deviceMeta = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm })

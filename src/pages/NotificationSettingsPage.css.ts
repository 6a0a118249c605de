import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 640, margin: 0, padding: 0, listStyle: 'none' })
/** A setting's card around its Switch (label and description, the track at the end). */
export const row = style({ padding: vars.space.lg, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md })
export const section = style({ margin: `${vars.space.xl} 0 ${vars.space.md}`, fontSize: vars.font.sizeLg })
export const note = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: `0 0 ${vars.space.lg}` })
export const actions = style({ marginTop: vars.space.xl })

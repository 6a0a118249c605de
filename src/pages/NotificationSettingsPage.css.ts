/**
 * Notification Settings (issue #16): the settings pages' spacing (src/pages/settings/settings.css.ts
 * `stack`), one card per switch, and each section's heading with its inline save mark. Theme
 * variables only, light and dark.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 960, minWidth: 0 })
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 640, margin: 0, padding: 0, listStyle: 'none' })
/** A setting's card around its Switch (label and description, the track at the end). */
export const row = style({ padding: vars.space.lg, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md })
export const sectionHeader = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.md, maxWidth: 640, marginTop: vars.space.md })
export const section = style({ margin: 0, fontSize: vars.font.sizeLg })
export const note = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0 })
/** 'Saving…' / 'Saved': quiet text beside the heading; the check takes the success colour. */
export const saveStatus = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.textMuted, fontSize: vars.font.sizeSm })
export const savedIcon = style({ color: vars.color.success })
export const error = style({
  margin: 0,
  maxWidth: 640,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
})

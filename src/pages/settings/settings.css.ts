/**
 * Styles shared by the settings pages (roles, role editor, team, invite, profile, workspace):
 * panels, notes and badges. Buttons, checkboxes, fields, dialogs and the focus ring are the
 * primitives' (src/ui/primitives). Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 960 })

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const note = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.5,
})

export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
})

export const badgeStrong = style([badge, { borderColor: vars.color.primary, color: vars.color.primary }])

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' })

/**
 * The Passkeys section's own styles: the naming form and the calm note. Rows, headings and
 * actions are the Security tab's (Security.css.ts) and the settings pages' (settings.css.ts).
 * Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 420 })
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })
export const rowActions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })
export const empty = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 })

import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

/** A member's role badges, wrapping. */
export const roles = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

/** The pending-invitations block under the members table. */
export const section = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, marginTop: vars.space.md })
export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeLg })

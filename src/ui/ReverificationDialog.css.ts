import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

/** The line between the form and 'Use a passkey'. */
export const or = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, textAlign: 'center' })

export const passkey = style({ alignSelf: 'stretch' })

/** Cancel and Confirm together at the end. */
export const actions = style({ display: 'flex', gap: vars.space.sm, marginInlineStart: 'auto' })

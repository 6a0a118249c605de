import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

/** A member's role badges, wrapping. */
export const roles = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

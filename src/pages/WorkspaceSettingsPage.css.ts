import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 560 })

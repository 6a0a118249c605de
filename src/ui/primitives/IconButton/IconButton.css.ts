/**
 * IconButton sizes: a square of the Button variant's look (Button.css.ts), no padding.
 */
import { styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'

const square = (side: number) => ({ width: side, height: side, padding: 0, flexShrink: 0, borderRadius: vars.radius.sm })

export const size = styleVariants({ sm: square(24), md: square(32) })

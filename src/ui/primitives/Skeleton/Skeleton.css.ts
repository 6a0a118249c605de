/**
 * Skeleton styles: muted bars, blocks and circles that pulse gently while content
 * loads, and hold still for people who ask for reduced motion.
 */
import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } })

export const root = style({ display: 'block', minWidth: 0 })

/** How the shapes of one Skeleton sit: lines under each other, circles in a row. */
export const group = styleVariants({
  line: { display: 'flex', flexDirection: 'column', gap: vars.space.sm },
  block: { display: 'flex', flexDirection: 'column', gap: vars.space.md },
  circle: { display: 'flex', flexWrap: 'wrap', gap: vars.space.sm },
})

const bone = style({
  display: 'block',
  background: vars.color.border,
  animation: `${pulse} 1.6s ease-in-out infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

export const shape = styleVariants({
  line: [bone, { height: '0.9em', width: '100%', borderRadius: vars.radius.sm, selectors: { '&:last-child:not(:first-child)': { width: '60%' } } }],
  block: [bone, { height: 96, width: '100%', borderRadius: vars.radius.md }],
  circle: [bone, { flex: 'none', width: 40, height: 40, borderRadius: '50%' }],
})

/**
 * The Menu primitive's look, inside a Popover: rows with an optional icon, a danger
 * row, section headers and separators. States from react-aria's data attributes; the inset focus
 * ring for keyboard focus. Theme variables only.
 */
import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { focusRingInset } from '../focus-ring.css.ts'

export const popover = style({ minWidth: '14rem' })

export const menu = style({ outline: 'none', padding: vars.space.xs })

const item = style([
  focusRingInset,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    padding: `${vars.space.sm} 10px`,
    borderRadius: vars.radius.sm,
    fontSize: vars.font.sizeSm,
    lineHeight: 1.4,
    textDecoration: 'none',
    cursor: 'pointer',
    selectors: {
      '&[data-focused], &[data-hovered]': { background: vars.color.background },
      '&[data-pressed]': { background: vars.color.border },
      '&[data-disabled]': { opacity: 0.5, cursor: 'not-allowed' },
    },
  },
])

export const itemVariant = styleVariants({
  default: [item, { color: vars.color.text }],
  danger: [
    item,
    {
      color: vars.color.danger,
      selectors: { '&[data-focused], &[data-hovered]': { background: vars.color.dangerSurface } },
    },
  ],
})

/** The leading icon's box, kept when empty so labels line up in a menu with some icons. */
export const icon = style({ display: 'inline-flex', width: 16, flexShrink: 0, justifyContent: 'center' })

export const label = style({ flex: '1 1 auto', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })

export const trailing = style({ flexShrink: 0, color: vars.color.textMuted })

export const section = style({
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}`, marginTop: vars.space.xs, paddingTop: vars.space.xs } },
})

export const sectionHeader = style({
  padding: `${vars.space.xs} 10px`,
  color: vars.color.textMuted,
  fontSize: '0.75rem',
  fontWeight: 600,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
})

export const separator = style({ height: 1, margin: `${vars.space.xs} 0`, background: vars.color.border, border: 'none' })

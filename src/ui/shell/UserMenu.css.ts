import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const trigger = style({
  appearance: 'none',
  border: 'none',
  background: 'transparent',
  padding: 2,
  borderRadius: '999px',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-pressed]': { transform: 'translateY(1px)' },
  },
})

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  borderRadius: '999px',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  letterSpacing: '0.02em',
  selectors: { [`${trigger}[data-hovered] &`]: { background: vars.color.primaryHover } },
})

export const popover = style({
  minWidth: '14rem',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  outline: 'none',
  transition: 'opacity 120ms ease',
  selectors: { '&[data-entering]': { opacity: 0 } },
})

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const name = style({ fontWeight: 600, fontSize: vars.font.sizeSm })
export const email = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflow: 'hidden', textOverflow: 'ellipsis' })

export const menu = style({ outline: 'none', padding: vars.space.xs })

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: '8px 10px',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  textDecoration: 'none',
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.background },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
  },
})

export const external = style({ marginLeft: 'auto', color: vars.color.textMuted })

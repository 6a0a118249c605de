import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: 10,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  height: 56,
  padding: `0 ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-compact]': { padding: `0 ${vars.space.sm}`, gap: vars.space.sm } },
})

export const start = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, minWidth: 0 })
export const end = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexShrink: 0 })

export const iconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  flexShrink: 0,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.background },
    '&[data-pressed]': { background: vars.color.border },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
})

export const logo = style({
  display: 'inline-flex',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` } },
})

/** A container a later feature fills (notifications, credits); empty, it takes no room. */
export const slot = style({ display: 'contents' })

import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const nav = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  height: '100%',
  minHeight: 0,
  padding: vars.space.sm,
})

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  flex: 1,
  minHeight: 0,
  overflowY: 'auto',
  overflowX: 'hidden',
})

export const group = style({})

const interactive = {
  outline: 'none',
  cursor: 'pointer',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
} as const

/** A top-level row: a link, a group's disclosure trigger, or (collapsed) an icon button. */
export const item = style({
  ...interactive,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  width: '100%',
  minHeight: 32,
  padding: '6px 8px',
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  selectors: {
    '&[data-hovered]': { background: vars.color.background },
    '&[data-pressed]': { background: vars.color.border },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[data-current], &[data-holds-current]': { color: vars.color.primary, fontWeight: 600 },
    '&[data-current]': { background: vars.color.background },
    [`${nav}[data-variant="collapsed"] &`]: { justifyContent: 'center', width: 32, height: 32, padding: 0 },
  },
})

export const label = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' })

export const chevron = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  transition: 'transform 150ms ease',
  selectors: { [`${group}[data-expanded] &`]: { transform: 'rotate(90deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

export const panel = style({})

export const popoverDialog = style({ outline: 'none', padding: vars.space.xs })

export const subList = style({
  listStyle: 'none',
  margin: 0,
  // Aligns entries with their group's label: 8 px padding + 18 px icon + 8 px gap.
  padding: '2px 0 4px 34px',
  display: 'flex',
  flexDirection: 'column',
  gap: '2px',
  selectors: { [`${popoverDialog} &`]: { padding: 0 } },
})

export const subItem = style({
  ...interactive,
  display: 'block',
  padding: '6px 8px',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: {
    '&[data-hovered]': { background: vars.color.background, color: vars.color.text },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[data-current]': { background: vars.color.background, color: vars.color.primary, fontWeight: 600 },
  },
})

export const footer = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm })

export const popover = style({
  minWidth: '12rem',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  outline: 'none',
  transition: 'opacity 120ms ease',
  selectors: { '&[data-entering]': { opacity: 0 } },
})

export const popoverTitle = style({
  margin: 0,
  padding: '4px 8px',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  color: vars.color.textMuted,
})

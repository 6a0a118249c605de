import { type StyleRule, style } from '@vanilla-extract/css'
import { focusRingInset } from '../primitives/focus-ring.css.ts'
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
  cursor: 'pointer',
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
} as const

/** A top-level row: a link, a group's disclosure trigger, or (collapsed) an icon button; with the inset focus ring. */
const row: StyleRule = {
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
    '&[data-pressed], &[href]:active': { background: vars.color.border },
    '&[data-current], &[aria-current="page"], &[data-holds-current]': { color: vars.color.primary, fontWeight: 600 },
    '&[data-current], &[aria-current="page"]': { background: vars.color.background },
    [`${nav}[data-variant="collapsed"] &`]: { justifyContent: 'center', width: 32, height: 32, padding: 0 },
  },
  // The expanded sidebar's links are native anchors (NavLink.tsx): their states come from CSS.
  '@media': { '(hover: hover)': { selectors: { '&[href]:hover': { background: vars.color.background } } } },
}
export const item = style([focusRingInset, row])

export const label = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' })

export const chevron = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  transition: 'transform 150ms ease',
  // Points along the reading direction when closed, down when open.
  selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' }, [`${group}[data-expanded] &, [dir="rtl"] ${group}[data-expanded] &`]: { transform: 'rotate(90deg)' } },
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

/** An entry of a group (in its disclosure or, collapsed, its popover); with the inset focus ring. */
const subRow: StyleRule = {
  ...interactive,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: '6px 8px',
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: {
    '&[data-hovered]': { background: vars.color.background, color: vars.color.text },
    '&[data-current], &[aria-current="page"]': { background: vars.color.background, color: vars.color.primary, fontWeight: 600 },
  },
  '@media': { '(hover: hover)': { selectors: { '&[href]:hover': { background: vars.color.background, color: vars.color.text } } } },
}
export const subItem = style([focusRingInset, subRow])

/** An entry's title inside its row: takes the room left of a 'Soon' mark, ellipsised. */
export const subLabel = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' })

/**
 * The 'Soon' mark of a section not built yet: a small muted pill after the label
 * (hidden in the collapsed rail, where the tooltip says it).
 */
export const soon = style({
  flexShrink: 0,
  padding: '0 6px',
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: '0.6875rem',
  fontWeight: 600,
  lineHeight: '16px',
  letterSpacing: '0.02em',
  selectors: { [`${nav}[data-variant="collapsed"] > ul &`]: { display: 'none' } },
})

export const footer = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.sm })

export const popoverTitle = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  margin: 0,
  padding: '4px 8px',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  color: vars.color.textMuted,
})

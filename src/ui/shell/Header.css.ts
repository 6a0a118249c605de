import { style } from '@vanilla-extract/css'
import { focusRing } from '../primitives/focus-ring.css.ts'
import { zIndex } from '../primitives/layers.ts'
import { vars } from '../theme.css.ts'

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: zIndex.sticky,
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

export const logo = style([
  focusRing,
  {
    display: 'inline-flex',
    color: vars.color.text,
    textDecoration: 'none',
    borderRadius: vars.radius.sm,
  },
])

/**
 * The notifications bell's place. Its unread badge ('99+') overhangs the bell's top
 * right corner, so the slot keeps room for the overhang: the badge is never clipped by the window
 * edge (compact header at 390 px) nor crowds the credits summary. Empty, it takes no room.
 */
export const slot = style({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInlineEnd: vars.space.md,
  selectors: { '&:empty': { display: 'none' } },
})

/**
 * The command palette's 'Search' button: a quiet field-like pill with the icon, the
 * label and the shortcut's caps; only the icon on compact headers (phones), at a 40 px target.
 */
export const search = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.sm,
    minHeight: 36,
    minWidth: 36,
    justifyContent: 'center',
    padding: `0 ${vars.space.md}`,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.background,
    color: vars.color.textMuted,
    font: 'inherit',
    fontSize: vars.font.sizeSm,
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { color: vars.color.text, borderColor: vars.color.textMuted },
      '[data-compact] &': { padding: 0, width: 40, height: 40, border: 'none', background: 'transparent' },
    },
  },
])

export const searchKeys = style({
  fontFamily: 'inherit',
  fontSize: '0.75rem',
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
})

/**
 * The workspace switcher's styles: theme variables only; interactive states come from
 * react-aria's data attributes.
 */
import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const trigger = style({
  appearance: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minWidth: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.background },
    '&[data-pressed]': { background: vars.color.border },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
})
/** The name alone, when no workspaces actor is provided (stories of other features). */
export const staticName = style([trigger, { cursor: 'default' }])
export const triggerIcon = style({ flexShrink: 0, color: vars.color.textMuted })
export const triggerName = style({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '16rem' })

export const popover = style({
  width: '18rem',
  maxWidth: 'calc(100vw - 16px)',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  outline: 'none',
  transition: 'opacity 120ms ease',
  selectors: { '&[data-entering]': { opacity: 0 } },
})

export const dialog = style({ display: 'flex', flexDirection: 'column', outline: 'none' })

export const search = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: vars.space.sm,
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  selectors: { '&:focus-within': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.focusRing}` } },
})
export const searchIcon = style({ flexShrink: 0, color: vars.color.textMuted })
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  padding: `${vars.space.sm} 0`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  outline: 'none',
  selectors: { '&::-webkit-search-cancel-button': { display: 'none' } },
})

export const list = style({
  maxHeight: '16rem',
  overflowY: 'auto',
  padding: `0 ${vars.space.xs} ${vars.space.xs}`,
  outline: 'none',
})

export const listMessage = style({
  display: 'block',
  padding: `${vars.space.md} ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  selectors: { '&[data-status="error"]': { color: vars.color.danger } },
})

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: '8px 10px',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused], &[data-hovered]': { background: vars.color.background },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
    '&[data-selected]': { fontWeight: 600 },
  },
})
export const itemName = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const check = style({ flexShrink: 0, color: vars.color.primary })

export const create = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
})
export const createHeading = style({ margin: 0, fontSize: vars.font.sizeSm, fontWeight: 600 })
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const label = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted })
export const input = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  outline: 'none',
  selectors: {
    '&[data-focused]': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.7 },
  },
})
export const hint = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm })
export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.sizeSm })

export const createButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xs,
  appearance: 'none',
  border: 'none',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.primary,
  color: vars.color.primaryText,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.primaryHover },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-pending]': { opacity: 0.8, cursor: 'progress' },
  },
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
export const spinner = style({
  animation: `${spin} 900ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})


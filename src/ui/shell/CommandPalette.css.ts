/**
 * The command palette's look: a card near the top of the window over the modal
 * backdrop, the search field, the grouped results with the highlighted one tinted, and a hint
 * line. Theme variables only; the highlight follows `[aria-selected="true"]` (the machine's
 * highlighted item), not a JS class.
 */
import { keyframes, style } from '@vanilla-extract/css'
import { overlayMotion } from '../primitives/Popover/overlayMotion.ts'
import { vars } from '../theme.css.ts'

const fade = keyframes({ from: { opacity: 0 } })
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(-8px) scale(0.98)' } })

export const overlay = style([
  overlayMotion(fade, 120),
  {
    position: 'fixed',
    inset: 0,
    height: 'var(--visual-viewport-height, 100vh)',
    display: 'flex',
    alignItems: 'flex-start',
    justifyContent: 'center',
    padding: `min(12vh, 96px) ${vars.space.md} ${vars.space.md}`,
    background: vars.color.scrim,
  },
])

export const modal = style([
  overlayMotion(rise, 140),
  {
    width: '100%',
    maxWidth: 600,
    maxHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.card,
    overflow: 'hidden',
  },
])

export const dialog = style({ display: 'flex', flexDirection: 'column', minHeight: 0, outline: 'none' })

export const searchRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
})

export const input = style({
  flex: 1,
  minWidth: 0,
  border: 'none',
  outline: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeLg,
  '::placeholder': { color: vars.color.textMuted },
})

export const list = style({ overflowY: 'auto', padding: vars.space.sm, minHeight: 0, maxHeight: 'min(60vh, 440px)' })

export const group = style({ selectors: { '& + &': { marginTop: vars.space.sm } } })

export const groupLabel = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  color: vars.color.textMuted,
})

export const option = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  minHeight: 40,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  cursor: 'pointer',
  selectors: {
    '&[aria-selected="true"]': { background: vars.color.background, boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
  },
})

export const optionIcon = style({ flexShrink: 0, color: vars.color.textMuted })
// The name keeps its room (up to 70%); the section and kind beside it give way first on a phone.
export const optionLabel = style({ flexShrink: 0, maxWidth: '70%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const optionDetail = style({
  flex: 1,
  minWidth: 0,
  textAlign: 'right',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
})
export const optionMeta = style({ flexShrink: 0, fontSize: vars.font.sizeSm, color: vars.color.textMuted })

export const soon = style({
  flexShrink: 0,
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
})

export const kbd = style({
  fontFamily: 'inherit',
  fontSize: vars.font.sizeSm,
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  background: vars.color.background,
})

export const empty = style({ margin: 0, padding: vars.space.xl, textAlign: 'center', color: vars.color.textMuted })

export const hints = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
})

/**
 * The Webhooks tab (Developers): its intro row, the endpoint rows (URL, description, events,
 * status, actions), the signature note. Theme variables only; rows stack their actions under
 * the text on narrow screens.
 */
import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const monoFont = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

export const tab = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 })

/** The intro and 'Add endpoint' side by side; the button under the text on narrow screens. */
export const intro = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' })
export const introText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5, maxWidth: '65ch', flex: '1 1 20rem' })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
})
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: `${vars.space.sm} ${vars.space.lg}`,
  alignItems: 'start',
  padding: vars.space.lg,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
  '@media': { 'screen and (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})
export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })
export const url = style({ margin: 0, fontFamily: monoFont, fontSize: vars.font.sizeSm, fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.5 })
export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5, overflowWrap: 'anywhere' })
export const meta = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, marginTop: vars.space.xs })
export const chips = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })
export const chip = style({
  fontFamily: monoFont,
  fontSize: '0.75rem',
  lineHeight: 1.5,
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  whiteSpace: 'nowrap',
})
export const eventCount = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted })

const statusBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: `0 ${vars.space.sm}`,
  borderRadius: 999,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.6,
  border: '1px solid transparent',
})
/** An endpoint's status: delivering, turned off by a person, or failing (or turned off for it). */
export const status = styleVariants({
  ok: [statusBase, { color: vars.color.success, borderColor: vars.color.border }],
  off: [statusBase, { color: vars.color.textMuted, borderColor: vars.color.border }],
  failing: [statusBase, { color: vars.color.danger, background: vars.color.dangerSurface }],
})
export const dot = style({ width: 8, height: 8, borderRadius: 999, background: 'currentColor', flexShrink: 0 })

export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  '@media': { 'screen and (max-width: 599px)': { justifyContent: 'flex-start' } },
})

/** How to check a message: a quiet panel under the list or inside the empty state. */
export const signatureNote = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.6,
  textAlign: 'start',
  maxWidth: '72ch',
})
export const code = style({ fontFamily: monoFont, fontSize: '0.8em', color: vars.color.text })
export const link = style({ color: vars.color.primary, textDecoration: 'underline', textUnderlineOffset: 2 })

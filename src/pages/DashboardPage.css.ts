/**
 * The Overview page: a grid of cards, as many columns of at least 18rem as the content
 * area holds; the getting-started checklist spans the whole row. Theme variables only (light
 * and dark); the running-low tones follow the header's credits summary (danger softened for the
 * warning, danger for critical: the theme has no amber).
 */
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 1200, minWidth: 0 })

export const grid = style({
  display: 'grid',
  // As many columns of at least 18rem as the content area holds (not the window: at 768 px the
  // open sidebar leaves 464 px, one column): one on a phone or a tablet, two or three on a desktop.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  gap: vars.space.lg,
  alignItems: 'start',
})

/** A card of the grid (a region named by its heading). */
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  minWidth: 0,
  '@media': { 'screen and (min-width: 640px)': { padding: vars.space.xl } },
  selectors: {
    '&[data-tone="warning"]': { borderColor: `color-mix(in srgb, ${vars.color.danger} 55%, ${vars.color.surface})` },
    '&[data-tone="critical"]': { borderColor: vars.color.danger },
  },
})

/** The checklist spans the row. */
export const wide = style({ gridColumn: '1 / -1' })

export const cardHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' })
export const headEnd = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export const cardTitle = style({ margin: 0, fontSize: vars.font.sizeMd, fontWeight: 600, color: vars.color.textMuted })

export const big = style({ margin: 0, fontSize: vars.font.sizeXl, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 })

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

/** Figures side by side (label over number). */
export const figures = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xl, margin: 0 })
globalStyle(`${figures} > div`, { display: 'flex', flexDirection: 'column-reverse', gap: 2 })
globalStyle(`${figures} dt`, { fontSize: vars.font.sizeSm, color: vars.color.textMuted })
globalStyle(`${figures} dd`, { margin: 0, fontSize: vars.font.sizeXl, fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

/** The credits bar: the share used, toned like the header's. */
export const track = style({ display: 'block', height: 8, borderRadius: 999, background: vars.color.surfaceRaised, border: `1px solid ${vars.color.border}`, overflow: 'hidden' })
export const fill = style({
  display: 'block',
  height: '100%',
  background: vars.color.primary,
  selectors: {
    [`${card}[data-tone="warning"] &`]: { background: `color-mix(in srgb, ${vars.color.danger} 55%, ${vars.color.surface})` },
    [`${card}[data-tone="critical"] &`]: { background: vars.color.danger },
  },
})

export const notice = style({
  margin: 0,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  fontSize: vars.font.sizeSm,
  lineHeight: 1.5,
  selectors: { [`${card}[data-tone="critical"] &`]: { color: vars.color.danger } },
})

export const link = style({
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  textDecoration: 'none',
  alignSelf: 'flex-start',
  borderRadius: vars.radius.sm,
  selectors: {
    '&[data-hovered]': { textDecoration: 'underline' },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 },
  },
})

/** The latest notifications. */
export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' })
export const item = style({
  display: 'grid',
  gridTemplateColumns: '10px minmax(0, 1fr) auto',
  alignItems: 'start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none' } },
})
export const dot = style({ width: 8, height: 8, marginTop: 6, borderRadius: 999, background: vars.color.primary })
// Two lines at most: a long title wraps once, then ends in an ellipsis.
export const itemTitle = style({
  fontSize: vars.font.sizeSm,
  lineHeight: 1.4,
  overflow: 'hidden',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflowWrap: 'anywhere',
  selectors: { [`${item}[data-unread] &`]: { fontWeight: 600 } },
})
export const when = style({ fontSize: vars.font.sizeSm, lineHeight: 1.4, color: vars.color.textMuted, whiteSpace: 'nowrap' })
export const urgent = style({
  display: 'inline-block',
  marginInlineEnd: vars.space.xs,
  padding: '0 6px',
  borderRadius: 999,
  fontSize: '0.6875rem',
  fontWeight: 700,
  lineHeight: '18px',
  color: vars.color.danger,
  background: vars.color.dangerSurface,
  verticalAlign: 'middle',
})

/** The getting-started checklist. */
export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  '@media': { 'screen and (min-width: 900px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})
export const step = style({
  display: 'grid',
  gridTemplateColumns: '24px minmax(0, 1fr)',
  gap: vars.space.md,
  alignItems: 'start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
})
export const stepIcon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  borderRadius: 999,
  border: `2px solid ${vars.color.border}`,
  color: vars.color.primaryText,
  selectors: { [`${step}[data-done] &`]: { background: vars.color.success, borderColor: vars.color.success } },
})
export const stepBody = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 })
export const stepLabel = style({
  fontWeight: 600,
  fontSize: vars.font.sizeMd,
  selectors: { [`${step}[data-done] &`]: { color: vars.color.textMuted, textDecoration: 'line-through' } },
})
export const progress = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' })

export const allSet = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, margin: 0, fontSize: vars.font.sizeMd, fontWeight: 600, lineHeight: 1.4 })
export const allSetIcon = style({ color: vars.color.success, flexShrink: 0 })

export const error = style([card, { gridColumn: '1 / -1', alignItems: 'flex-start' }])

/**
 * A notification's row: the `li`, its content and buttons, and the page's checkbox (SPEC §9: body
 * clamped to 2 lines). Theme variables only; states through `data-unread`, `data-urgent`,
 * `data-member`, `data-selected` and `data-cursor`.
 */
import { globalStyle, style } from '@vanilla-extract/css'
import { focusRing } from '../../primitives/focus-ring.css.ts'
import { vars } from '../../theme.css.ts'
import { link } from '../NotificationsPanel.css.ts'

export const item = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space.sm,
  // 6 px above and below: a row of a title line and two body lines is 60 px, six in the panel's 24rem.
  padding: `6px ${vars.space.sm} 6px ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  transition: 'background-color 120ms ease',
  selectors: {
    '&:hover': { background: `color-mix(in srgb, ${vars.color.text} 3%, transparent)` },
    '&[data-unread]': { background: `color-mix(in srgb, ${vars.color.primary} 5%, ${vars.color.surface})` },
    // Urgent is an accent bar, a red icon and a labelled siren (not colour alone).
    '&[data-urgent]': { boxShadow: `inset 3px 0 0 ${vars.color.danger}` },
    // A group's other members sit indented under its lead; the page's cursor and selection.
    '&[data-member]': { paddingInlineStart: `calc(${vars.space.lg} + 20px)` },
    '&[data-selected]': { background: `color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface})` },
    '&[data-cursor]': { boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})
/** The unread dot in the row's left gutter, level with the title. */
export const unreadDot = style({
  position: 'absolute',
  insetInlineStart: 6,
  top: 11,
  width: 6,
  height: 6,
  borderRadius: '50%',
  background: vars.color.primary,
})
/** The category icon in a soft round tile. */
export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 28,
  height: 28,
  borderRadius: '50%',
  background: `color-mix(in srgb, ${vars.color.text} 6%, transparent)`,
  color: vars.color.textMuted,
  selectors: {
    [`${item}[data-unread] &`]: { color: vars.color.primary, background: `color-mix(in srgb, ${vars.color.primary} 12%, transparent)` },
    [`${item}[data-urgent] &`]: { color: vars.color.danger, background: `color-mix(in srgb, ${vars.color.danger} 12%, transparent)` },
  },
})
export const content = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 })
/** The title and, at its end, the time: one line. */
export const headLine = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.sm, minWidth: 0 })
/** One line; the whole title is the row's accessible name and the text's tooltip. */
export const title = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
  color: vars.color.text,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  selectors: { [`${item}[data-unread] &`]: { fontWeight: 600 } },
})
export const when = style({ flexShrink: 0, fontSize: '0.75rem', color: vars.color.textMuted, whiteSpace: 'nowrap' })
/** SPEC §9: body clamped to 2 lines. */
export const body = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
  overflowWrap: 'anywhere',
})
export const urgent = style({ display: 'inline-flex', alignItems: 'center', gap: 3, flexShrink: 0, fontSize: '0.75rem', color: vars.color.danger, fontWeight: 600 })
/** The notification's action link: the panel's text link, smaller, and never wider than a third of the line. */
export const action = style([link, { fontSize: '0.75rem', flexShrink: 0, maxWidth: '33%', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }])
/**
 * The row's buttons. Where a pointer can hover they sit over the row's bottom right corner
 * only while the row is hovered or holds focus, so the text has the row's width;
 * on touch screens they are always shown, in their own column.
 */
export const actions = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: 2,
  '@media': {
    '(hover: hover)': {
      // Over the end of the body, so the title line (its link and time) stays usable.
      position: 'absolute',
      bottom: 4,
      insetInlineEnd: vars.space.sm,
      padding: 2,
      borderRadius: vars.radius.sm,
      background: vars.color.surface,
      boxShadow: `0 0 0 1px ${vars.color.border}`,
      // Transparent, not removed: a pointer over them hovers the row, which shows them, and they stay in the tab order.
      opacity: 0,
      selectors: { [`${item}:hover &, ${item}:focus-within &`]: { opacity: 1 } },
    },
  },
})


/** The page: the row's checkbox column (the grid gains a first column). */
export const select = style({ display: 'flex', alignItems: 'flex-start', paddingTop: 4 })
// Where the buttons float (a pointer that hovers), the grid has no column for them; on a touch
// screen they are a row under the text, so the title keeps the row's width.
globalStyle(`${item}`, { gridTemplateColumns: 'auto 1fr' })
globalStyle(`${item}:has(> ${select})`, { gridTemplateColumns: 'auto auto 1fr' })
globalStyle(`${item} > ${actions}`, { '@media': { '(hover: none)': { gridColumn: '2 / -1', justifySelf: 'end', marginTop: -4 } } })
globalStyle(`${item}:has(> ${select}) > ${actions}`, { '@media': { '(hover: none)': { gridColumn: '3 / -1' } } })

/** '+4 more' / 'Show less' on a group's lead row. */
export const groupToggle = style([
  focusRing,
  {
    border: 'none',
    background: `color-mix(in srgb, ${vars.color.primary} 10%, transparent)`,
    color: vars.color.primary,
    borderRadius: vars.radius.sm,
    padding: '0 6px',
    flexShrink: 0,
    font: 'inherit',
    fontSize: '0.75rem',
    fontWeight: 600,
    cursor: 'pointer',
  },
])



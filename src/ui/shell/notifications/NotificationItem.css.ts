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
  gridTemplateColumns: 'auto 1fr auto',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.lg}`,
  borderBottom: `1px solid ${vars.color.border}`,
  transition: 'background-color 120ms ease',
  selectors: {
    '&:hover': { background: `color-mix(in srgb, ${vars.color.text} 3%, transparent)` },
    '&[data-unread]': { background: `color-mix(in srgb, ${vars.color.primary} 5%, ${vars.color.surface})` },
    // Urgent is an accent bar, a red icon and a labelled siren (not colour alone).
    '&[data-urgent]': { boxShadow: `inset 3px 0 0 ${vars.color.danger}` },
    // A group's other members sit indented under its lead; the page's cursor and selection.
    '&[data-member]': { paddingLeft: `calc(${vars.space.lg} + 20px)` },
    '&[data-selected]': { background: `color-mix(in srgb, ${vars.color.primary} 10%, ${vars.color.surface})` },
    '&[data-cursor]': { boxShadow: `inset 3px 0 0 ${vars.color.primary}` },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})
/** The unread dot in the row's left gutter, level with the title. */
export const unreadDot = style({
  position: 'absolute',
  left: 6,
  top: `calc(${vars.space.sm} + 7px)`,
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
export const title = style({
  margin: 0,
  fontSize: vars.font.sizeSm,
  fontWeight: 500,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  selectors: { [`${item}[data-unread] &`]: { fontWeight: 600 } },
})
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
export const meta = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, fontSize: '0.75rem', color: vars.color.textMuted })
export const urgent = style({ display: 'inline-flex', alignItems: 'center', gap: 3, color: vars.color.danger, fontWeight: 600 })
/** The notification's action link: the panel's text link, smaller. */
export const action = style([link, { fontSize: '0.75rem' }])
export const actions = style({ display: 'flex', alignItems: 'flex-start', gap: 2 })

/** The page: the row's checkbox column (the grid gains a first column). */
export const select = style({ display: 'flex', alignItems: 'flex-start', paddingTop: 4 })
globalStyle(`${item}:has(> ${select})`, { gridTemplateColumns: 'auto auto 1fr auto' })

/** '+4 more' / 'Show less' on a group's lead row. */
export const groupToggle = style([
  focusRing,
  {
    border: 'none',
    background: `color-mix(in srgb, ${vars.color.primary} 10%, transparent)`,
    color: vars.color.primary,
    borderRadius: vars.radius.sm,
    padding: '0 6px',
    font: 'inherit',
    fontWeight: 600,
    cursor: 'pointer',
  },
])

// On a phone the page's rows (checkbox, icon, text, four buttons) leave the text a third of the
// width: there the buttons go under the text.
globalStyle(`${item}:has(> ${select})`, { '@media': { '(max-width: 480px)': { gridTemplateColumns: 'auto auto 1fr' } } })
globalStyle(`${item}:has(> ${select}) > ${actions}`, { '@media': { '(max-width: 480px)': { gridColumn: '3 / -1', justifySelf: 'start', marginLeft: -6 } } })

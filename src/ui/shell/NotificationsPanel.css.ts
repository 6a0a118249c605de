/**
 * The notifications bell, panel and list (SPEC §2.6, §9: max height 24rem, body clamped to 2
 * lines). Theme variables only; states through react-aria data attributes and `data-unread`.
 */
import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'
import { focusRing } from '../primitives/focus-ring.css.ts'

/** SPEC §4 new-notification flag: the bell swings twice while `data-new` is set. */
const ring = keyframes({
  '0%, 100%': { transform: 'rotate(0deg)' },
  '20%': { transform: 'rotate(14deg)' },
  '40%': { transform: 'rotate(-12deg)' },
  '60%': { transform: 'rotate(8deg)' },
  '80%': { transform: 'rotate(-4deg)' },
})

/** On the header's IconButton: the badge's positioning context; rings while there is something new. */
export const bell = style({ position: 'relative' })
globalStyle(`${bell}[data-new] > svg`, {
  animation: `${ring} 900ms ease-in-out 2`,
  transformOrigin: '50% 10%',
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

/**
 * The unread count on the bell: anchored just right of the icon's centre line, so it covers the
 * bell's top-right corner only (not the whole icon, even at '99+'), with a ring of the header's
 * surface colour separating the two.
 */
export const badge = style({
  position: 'absolute',
  top: 1,
  left: 'calc(50% + 2px)',
  minWidth: 16,
  height: 16,
  padding: '0 4px',
  borderRadius: 8,
  background: vars.color.danger,
  color: vars.color.primaryText,
  boxShadow: `0 0 0 2px ${vars.color.surface}`,
  fontSize: '0.625rem',
  fontWeight: 700,
  lineHeight: '16px',
  textAlign: 'center',
  fontVariantNumeric: 'tabular-nums',
})

/** The Popover primitive's width for the panel. */
export const popover = style({ width: '24rem' })

export const dialog = style({ display: 'flex', flexDirection: 'column', outline: 'none' })

/**
 * The panel's head is one row at every width (390 px to 1440 px): the title, then the
 * filter and the '⋯' menu. The title gives way (ellipsis) before anything wraps.
 */
export const head = style({
  display: 'flex',
  // Four filters beside the title do not fit a phone's panel: they wrap under it.
  flexWrap: 'wrap',
  rowGap: vars.space.xs,
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.sm} ${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const heading = style({
  margin: 0,
  minWidth: 0,
  fontSize: vars.font.sizeMd,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
})

/** The filter, then the '⋯' menu: one row, beside the title (panel) or in the page header's actions. */
export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, flexWrap: 'nowrap', flexShrink: 0 })
/**
 * The toolbar's place in the panel's head for the frame before it renders: its own row
 * under the title, as the toolbar wraps in the 24rem panel, and its height (the small segmented
 * control: 26 px, 3 px padding and a 1 px border on each side).
 */
export const toolbarPending = style({ flexBasis: '100%', height: 34 })

/** SPEC §9: the panel's list scrolls within 24rem. */
export const scroller = style({ maxHeight: '24rem', overflowY: 'auto' })
export const pageList = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface })

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })

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
/** A text link in the primary colour, with the one focus ring. */
export const link = style([focusRing, { color: vars.color.primary, fontSize: vars.font.sizeSm, borderRadius: vars.radius.sm }])
export const action = style([link, { fontSize: '0.75rem' }])
export const actions = style({ display: 'flex', alignItems: 'flex-start', gap: 2 })
export const message = style({ padding: vars.space.lg, textAlign: 'center', fontSize: vars.font.sizeSm, color: vars.color.textMuted })
export const error = style([message, { color: vars.color.danger }])
export const foot = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
})
export const pagePane = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

/** The page's scroll container for the virtualised list: the viewport below the page header. */
export const virtualScroller = style({ maxHeight: 'calc(100vh - 220px)', minHeight: 240, overflowY: 'auto' })

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

/** The category tabs, one scrolling row under the panel's head (or the page's header). */
export const categories = style({
  display: 'flex',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
  scrollbarWidth: 'thin',
})
export const category = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 6,
    flexShrink: 0,
    border: `1px solid ${vars.color.border}`,
    borderRadius: 999,
    background: vars.color.surface,
    color: vars.color.text,
    padding: '2px 10px',
    fontSize: '0.75rem',
    fontWeight: 500,
    cursor: 'pointer',
    selectors: {
      '&[data-selected]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
      '&[data-hovered]:not([data-selected])': { background: `color-mix(in srgb, ${vars.color.text} 5%, ${vars.color.surface})` },
    },
  },
])
export const categoryCount = style({ fontVariantNumeric: 'tabular-nums', opacity: 0.8 })

/** The moment a snooze preset means, quieter than its label. */
export const moment = style({ color: vars.color.textMuted })

/** The page: the bar over the list while rows are ticked. */
export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: `color-mix(in srgb, ${vars.color.primary} 6%, ${vars.color.surface})`,
})
export const bulkCount = style({ fontWeight: 600, fontSize: vars.font.sizeSm, marginRight: vars.space.sm })
// On a phone the page's rows (checkbox, icon, text, four buttons) leave the text a third of the
// width: there the buttons go under the text.
globalStyle(`${item}:has(> ${select})`, { '@media': { '(max-width: 480px)': { gridTemplateColumns: 'auto auto 1fr' } } })
globalStyle(`${item}:has(> ${select}) > ${actions}`, { '@media': { '(max-width: 480px)': { gridColumn: '3 / -1', justifySelf: 'start', marginLeft: -6 } } })

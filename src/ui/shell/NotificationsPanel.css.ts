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

export const badge = style({
  position: 'absolute',
  top: -2,
  right: -4,
  minWidth: 18,
  height: 18,
  padding: '0 4px',
  borderRadius: 9,
  background: vars.color.danger,
  color: vars.color.primaryText,
  fontSize: '0.6875rem',
  fontWeight: 600,
  lineHeight: '18px',
  textAlign: 'center',
})

/** The Popover primitive's width for the panel. */
export const popover = style({ width: '24rem' })

export const dialog = style({ display: 'flex', flexDirection: 'column', outline: 'none' })

/**
 * The panel's head: the title with the filter beside it, then the actions on all notifications
 * (the panel is too narrow for all on one line). The toolbar's own box gives way to the head's rows.
 */
export const head = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const heading = style({ margin: 0, fontSize: vars.font.sizeMd, fontWeight: 600 })

/** The filter, then the actions on all notifications (on the page: one row, beside the title). */
export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' })
export const toolbarActions = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs })
globalStyle(`${head} > ${toolbar}`, { display: 'contents' })
// Pulled back by the ghost buttons' padding so their icons line up with the title.
globalStyle(`${head} ${toolbarActions}`, { flexBasis: '100%', marginLeft: `calc(-1 * ${vars.space.sm})` })

/** SPEC §9: the panel's list scrolls within 24rem. */
export const scroller = style({ maxHeight: '24rem', overflowY: 'auto' })
export const pageList = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface })

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })

export const item = style({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr auto',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: {
    '&[data-unread]': { background: `color-mix(in srgb, ${vars.color.primary} 6%, ${vars.color.surface})` },
    '&[data-urgent]': { boxShadow: `inset 3px 0 0 ${vars.color.danger}` },
  },
})
export const icon = style({ marginTop: 2, color: vars.color.textMuted, selectors: { [`${item}[data-urgent] &`]: { color: vars.color.danger } } })
export const content = style({ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 })
export const title = style({ margin: 0, fontSize: vars.font.sizeSm, fontWeight: 600, color: vars.color.text, overflowWrap: 'anywhere' })
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
export const urgent = style({ color: vars.color.danger, fontWeight: 600 })
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
export const visuallyHidden = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' })
export const pagePane = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

/** The page's scroll container for the virtualised list: the viewport below the page header. */
export const virtualScroller = style({ maxHeight: 'calc(100vh - 220px)', minHeight: 240, overflowY: 'auto' })

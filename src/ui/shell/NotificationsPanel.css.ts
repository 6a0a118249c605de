/**
 * The notifications bell, the panel around the list (SPEC §2.6, §9: max height 24rem) and the
 * notifications page's frame. The list, its rows, the toolbar and the category tabs have their own
 * styles in ./notifications/. Theme variables only; states through react-aria data attributes.
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
  // '99+' stays '99+' in right-to-left pages.
  direction: 'ltr',
  unicodeBidi: 'isolate',
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

/** The Popover primitive's width for the panel: 420 px, or the screen less a margin on a phone. */
export const popover = style({ width: 'min(26.25rem, calc(100vw - 16px))' })

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

/**
 * The toolbar's place in the panel's head for the frame before it renders: its own row
 * under the title, as the toolbar wraps in the 24rem panel, and its height (the small segmented
 * control: 26 px, 3 px padding and a 1 px border on each side).
 */
export const toolbarPending = style({ flexBasis: '100%', height: 34 })

/** The bell's placeholder while the panel's code or its actor is on its way. */
export const panelLoading = style({ padding: vars.space.lg, textAlign: 'center', fontSize: vars.font.sizeSm, color: vars.color.textMuted })

/** SPEC §9: the panel's list scrolls within 24rem. */
export const scroller = style({ maxHeight: '24rem', overflowY: 'auto' })

/** A text link in the primary colour, with the one focus ring ('View all notifications'; a row's action link builds on it). */
export const link = style([focusRing, { color: vars.color.primary, fontSize: vars.font.sizeSm, borderRadius: vars.radius.sm }])
/** The panel's foot, holding 'View all notifications': the same bar as the list's own foot. */
export { foot } from './notifications/NotificationList.css.ts'

/** The moment a snooze preset means, quieter than its label (SnoozeMenu.tsx). */
export const moment = style({ color: vars.color.textMuted })

/** The page (src/pages/NotificationsPage.tsx): its column, the list's frame, and the bar over the list while rows are ticked. */
export const pagePane = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
export const pageList = style({ border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface })
export const bulkBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
  background: `color-mix(in srgb, ${vars.color.primary} 6%, ${vars.color.surface})`,
})
export const bulkCount = style({ fontWeight: 600, fontSize: vars.font.sizeSm, marginInlineEnd: vars.space.sm })

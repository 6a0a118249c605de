/**
 * The notifications bell, panel and list (SPEC §2.6, §9: max height 24rem, body clamped to 2
 * lines). Theme variables only; states through react-aria data attributes and `data-unread`.
 */
import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'
import { iconButton } from './Header.css.ts'

/** SPEC §4 new-notification flag: the bell swings twice while `data-new` is set. */
const ring = keyframes({
  '0%, 100%': { transform: 'rotate(0deg)' },
  '20%': { transform: 'rotate(14deg)' },
  '40%': { transform: 'rotate(-12deg)' },
  '60%': { transform: 'rotate(8deg)' },
  '80%': { transform: 'rotate(-4deg)' },
})

/** The header's icon button, made the badge's positioning context; rings while there is something new. */
export const bell = style([iconButton, { position: 'relative' }])
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

export const popover = style({
  width: '24rem',
  maxWidth: 'calc(100vw - 16px)',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  outline: 'none',
})

export const dialog = style({ display: 'flex', flexDirection: 'column', outline: 'none' })

export const head = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const heading = style({ margin: 0, fontSize: vars.font.sizeMd, fontWeight: 600 })

export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, flexWrap: 'wrap' })

export const filter = style({ display: 'inline-flex', gap: 2, padding: 2, borderRadius: vars.radius.sm, background: vars.color.background })
export const filterOption = style({
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-selected]': { background: vars.color.surface, color: vars.color.text, fontWeight: 600 },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
})

export const textButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.background },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
    '&[data-disabled]': { color: vars.color.textMuted, cursor: 'default' },
  },
})

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
export const action = style({
  color: vars.color.primary,
  fontSize: '0.75rem',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` } },
})
export const actions = style({ display: 'flex', alignItems: 'flex-start', gap: 2 })
export const smallIconButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 24,
  height: 24,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.background, color: vars.color.text },
    '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` },
  },
})

export const message = style({ padding: vars.space.lg, textAlign: 'center', fontSize: vars.font.sizeSm, color: vars.color.textMuted })
export const error = style([message, { color: vars.color.danger }])
export const foot = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
})
export const link = style({
  color: vars.color.primary,
  fontSize: vars.font.sizeSm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `0 0 0 2px ${vars.color.focusRing}` } },
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
export const spinner = style({
  animation: `${spin} 900ms linear infinite`,
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
})

export const visuallyHidden = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' })
export const pagePane = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })

/** The page's scroll container for the virtualised list: the viewport below the page header. */
export const virtualScroller = style({ maxHeight: 'calc(100vh - 220px)', minHeight: 240, overflowY: 'auto' })

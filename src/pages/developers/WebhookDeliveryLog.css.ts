/**
 * One endpoint's delivery log: its head, the deliveries as expandable rows (the summary wraps
 * under the event on narrow screens), the attempts and the payload in monospace blocks that
 * scroll sideways on their own. Theme variables only.
 */
import { style, styleVariants } from '@vanilla-extract/css'
import type { DeliveryStatusLabel } from '../../../machines/webhooks/webhookDeliveries.selectors.ts'
import { focusRing } from '../../ui/primitives/focus-ring.css.ts'
import { vars } from '../../ui/theme.css.ts'
import { monoFont } from './WebhooksTab.css.ts'

/** 'Webhook endpoints': the ghost button's arrow lines up with the heading under it. */
export const back = style({ marginInlineStart: `calc(-1 * ${vars.space.sm})` })
export const log = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 })
export const head = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' })
export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0, flex: '1 1 16rem' })
export const title = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600 })
export const url = style({ margin: 0, fontFamily: monoFont, fontSize: vars.font.sizeSm, color: vars.color.textMuted, overflowWrap: 'anywhere' })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
})
export const row = style({ borderTop: `1px solid ${vars.color.border}`, selectors: { '&:first-child': { borderTop: 'none' } } })
export const disclosure = style({ display: 'flex', flexDirection: 'column' })
export const rowHead = style({
  display: 'flex',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.md}`,
  flexWrap: 'wrap',
})
export const trigger = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.sm,
    minHeight: 36,
    padding: `0 ${vars.space.sm}`,
    marginInlineStart: `calc(-1 * ${vars.space.sm})`,
    border: 'none',
    borderRadius: vars.radius.sm,
    background: 'transparent',
    color: vars.color.text,
    font: 'inherit',
    cursor: 'pointer',
    flex: '1 1 12rem',
    minWidth: 0,
    textAlign: 'start',
    selectors: { '&[data-hovered]': { background: vars.color.background } },
  },
])
export const chevron = style({
  flexShrink: 0,
  color: vars.color.textMuted,
  transition: 'transform 120ms ease',
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(90deg)' } },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})
export const eventType = style({ fontFamily: monoFont, fontSize: vars.font.sizeSm, fontWeight: 600, overflowWrap: 'anywhere' })
/** The summary and 'Resend': beside the event, or under it (aligned with its text) on narrow screens. */
export const side = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  '@media': { 'screen and (max-width: 599px)': { paddingInlineStart: 24, flexBasis: '100%' } },
})
export const summary = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap', fontSize: vars.font.sizeSm, color: vars.color.textMuted })
export const time = style({ whiteSpace: 'nowrap', textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help' })
export const code = style({ fontFamily: monoFont, fontSize: '0.9em' })

const badge = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: 999,
  fontWeight: 600,
  lineHeight: 1.6,
  border: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
})
/** A delivery's status, by its label. */
export const status = styleVariants<Record<DeliveryStatusLabel, Parameters<typeof style>[0]>>({
  Delivered: [badge, { color: vars.color.success }],
  Failed: [badge, { color: vars.color.danger, background: vars.color.dangerSurface, borderColor: 'transparent' }],
  Retrying: [badge, { color: vars.color.primary }],
  Pending: [badge, { color: vars.color.textMuted }],
})

export const panel = style({ padding: `0 ${vars.space.md} ${vars.space.md}` })
export const details = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  paddingInlineStart: vars.space.lg,
  minWidth: 0,
  '@media': { 'screen and (max-width: 599px)': { paddingInlineStart: 0 } },
})
export const detailsTitle = style({ margin: `${vars.space.sm} 0 0`, fontSize: vars.font.sizeSm, fontWeight: 600 })
export const attempts = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm })
export const attempt = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })
export const attemptLine = style({ margin: 0, display: 'flex', flexWrap: 'wrap', gap: `${vars.space.xs} ${vars.space.md}`, fontSize: vars.font.sizeSm })
export const outcomeOk = style({ color: vars.color.success, fontWeight: 600 })
export const outcomeBad = style({ color: vars.color.danger, fontWeight: 600 })
export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflowWrap: 'anywhere' })
/** Text as received or sent: kept as is, scrolling sideways rather than widening the page. */
export const pre = style({
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  maxHeight: 320,
  overflow: 'auto',
  fontFamily: monoFont,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.5,
  whiteSpace: 'pre',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
})

export const more = style({ display: 'flex', justifyContent: 'center' })
export const moreError = style({ margin: 0, textAlign: 'center', color: vars.color.danger, fontSize: vars.font.sizeSm })

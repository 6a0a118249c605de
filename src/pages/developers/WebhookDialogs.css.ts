/**
 * The Webhooks tab's dialogs: the endpoint form and its events, the signing secret shown once,
 * the confirmations' URL line. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'
import { monoFont } from './WebhooksTab.css.ts'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })
export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', flexWrap: 'wrap', paddingTop: vars.space.sm })

/** The events with their descriptions: two columns where the dialog is wide enough, else one. */
export const events = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  gap: `${vars.space.md} ${vars.space.lg}`,
  paddingTop: vars.space.xs,
})
export const eventName = style({ fontFamily: monoFont, fontSize: vars.font.sizeSm })

/** An endpoint's URL under a dialog's title: long ones wrap. */
export const urlLine = style({ margin: 0, fontFamily: monoFont, fontSize: vars.font.sizeSm, overflowWrap: 'anywhere', color: vars.color.text })

/** The secret: read-only, monospace, all of it visible (it wraps), selected on focus. */
export const secretField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const secretLabel = style({ fontSize: vars.font.sizeSm, fontWeight: 600 })
export const secret = style({
  width: '100%',
  boxSizing: 'border-box',
  resize: 'none',
  padding: vars.space.md,
  fontFamily: monoFont,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
  wordBreak: 'break-all',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 } },
})
export const copyRow = style({ display: 'flex', justifyContent: 'flex-start', marginTop: `calc(-1 * ${vars.space.sm})` })
export const warning = style({
  margin: 0,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.5,
})
export const warningIcon = style({ flexShrink: 0, marginTop: 2, color: vars.color.danger })

/**
 * The account pages' own layout (/forgot-password, /reset-password, /confirm-email),
 * on the public card of src/ui/Page.css.ts: the line under a form leading back to sign in, and
 * the Profile tab's address-confirmation row. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'
import { badge } from '../settings/settings.css.ts'

/** The line under a form that leads back to sign in (the ghost button's padding spaces it from the prompt). */
export const backLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
})

/** A small print under a page's message (how long a link lasts). */
export const fine = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

/** The address the server confirmed: on its own line, broken anywhere rather than overflowing a narrow card. */
export const address = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' })

/** The Profile tab's confirmation row: the badge, then the resend button and its message, wrapping on a narrow screen. */
export const confirmation = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, minWidth: 0 })

/** 'Confirmed'. */
// The green is the border only: as text on white it is below the 4.5:1 contrast text needs.
export const confirmedBadge = style([badge, { borderColor: vars.color.success, color: vars.color.text }])

/** 'Not confirmed'. */
export const unconfirmedBadge = style([badge, { borderColor: vars.color.danger, color: vars.color.danger }])

/** The resend's outcome beside the button (a sentence: it wraps, never overflows). */
export const resendMessage = style({ margin: 0, flexBasis: '100%', fontSize: vars.font.sizeSm, lineHeight: 1.5, color: vars.color.textMuted, overflowWrap: 'anywhere' })
export const resendError = style([resendMessage, { color: vars.color.danger }])

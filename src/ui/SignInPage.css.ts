/**
 * The sign-in page's own layout: the form's column, the notice under the title and the line that
 * switches between sign-in and sign-up. Its fields are the TextField primitive.
 */
import { style } from '@vanilla-extract/css'
import { FOCUS_RING_SHADOW } from './primitives/focus-ring.css.ts'
import { vars } from './theme.css.ts'

/** The logo, a link to the landing page: the theme's focus ring, no underline. */
export const homeLink = style({
  alignSelf: 'flex-start',
  display: 'inline-flex',
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: FOCUS_RING_SHADOW } },
})

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
export const notice = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0 })

/** The line under a form that switches between sign-in and sign-up (the ghost button's padding spaces it from the prompt). */
export const switchLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
})

/**
 * 'Forgot password?' at the end of the password field's line, drawn closer to it than
 * the form's gap (the ghost button's own padding keeps it clear of the field).
 */
export const forgotLine = style({ display: 'flex', justifyContent: 'flex-end', marginTop: `calc(-1 * ${vars.space.md})` })

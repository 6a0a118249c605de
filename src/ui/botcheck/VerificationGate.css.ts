/**
 * The human-verification modal's body (SPEC.md §2.6): the Modal primitive holds the title; the
 * page behind is not rendered while it shows.
 */
import { style } from '@vanilla-extract/css'

/**
 * The widget's slot keeps its size while the widget loads or is replaced, so nothing jumps; the
 * widget (or the spinner) lines up with the title at the start.
 */
export const widgetSlot = style({
  minHeight: 72,
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-start',
})

/**
 * The ALTCHA widget takes the slot's width (up to 320 px) instead of shrinking to its
 * first label, so 'Verifying...' keeps clear of the ALTCHA logo at 390 and 1440 px. ALTCHA sizes
 * its box from `--altcha-max-width`; the label row grows and pushes the logo to the end.
 */
export const altchaWidget = style({
  display: 'block',
  width: '100%',
  maxWidth: 320,
  vars: { '--altcha-max-width': '100%' },
})

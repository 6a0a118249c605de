/**
 * The two-factor notices: the page (the shared page card, with less padding on narrow screens so
 * the long button label fits) and the banner above the Security tab's sections.
 */
import { style } from '@vanilla-extract/css'
import * as page from '../ui/Page.css.ts'
import { vars } from '../ui/theme.css.ts'

export const notice = style([
  page.card,
  { margin: `${vars.space.xxl} auto`, padding: vars.space.xl, '@media': { 'screen and (min-width: 480px)': { padding: vars.space.xxl } } },
])

/** A bordered band in the primary colour: what to do first on this tab. */
export const banner = style({
  display: 'grid',
  justifyItems: 'start',
  gap: vars.space.sm,
  marginBottom: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.primary}`,
  borderLeftWidth: 4,
  background: vars.color.surface,
})
export const bannerHeading = style({ margin: 0, fontSize: vars.font.sizeLg, lineHeight: 1.3 })
export const bannerText = style({ margin: 0, color: vars.color.text, lineHeight: 1.5 })

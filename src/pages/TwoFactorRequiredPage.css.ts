/** The two-factor notice: the shared page card, with less padding on narrow screens so the long button label fits. */
import { style } from '@vanilla-extract/css'
import * as page from '../ui/Page.css.ts'
import { vars } from '../ui/theme.css.ts'

export const notice = style([
  page.card,
  { margin: `${vars.space.xxl} auto`, padding: vars.space.xl, '@media': { 'screen and (min-width: 480px)': { padding: vars.space.xxl } } },
])

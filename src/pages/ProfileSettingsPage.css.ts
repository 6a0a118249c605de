import { style } from '@vanilla-extract/css'
import { focusRing } from '../ui/primitives/focus-ring.css.ts'
import { vars } from '../ui/theme.css.ts'

// The tabs look like the Developers page's (src/pages/pages.css.ts).
export { tab, tabList } from './pages.css.ts'
export const panel = style([focusRing, { borderRadius: vars.radius.md }])
/** The Security tab's sections, stacked. */
export const sections = style({ display: 'grid', gap: vars.space.xl })

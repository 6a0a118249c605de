/**
 * The Developers page: its width and its tabs (the look of the account pages' tabs). Theme
 * variables only.
 */
import { style } from '@vanilla-extract/css'
import { focusRing } from '../../ui/primitives/focus-ring.css.ts'
import { vars } from '../../ui/theme.css.ts'

export const page = style({ display: 'flex', flexDirection: 'column', maxWidth: 1200, minWidth: 0 })

export { tab, tabList } from '../pages.css.ts'
export const panel = style([focusRing, { borderRadius: vars.radius.md, minWidth: 0 }])

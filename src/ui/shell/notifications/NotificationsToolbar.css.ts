/** The notifications toolbar. Theme variables only. */
import { style } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'

/** The filter, then the '⋯' menu: one row, beside the title (panel) or in the page header's actions. */
export const toolbar = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, flexWrap: 'nowrap', flexShrink: 0 })

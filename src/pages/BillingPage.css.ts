/**
 * The billing page: summary cards (the settings panel), the usage chart and its table, on the
 * settings pages' scale (page stack, section titles as Workspace Settings'). Theme variables only; the
 * chart's SVG parts are coloured through classes (CSS variables are not reliable inside SVG
 * presentation attributes).
 */
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'
import { panel, stack } from './settings/settings.css.ts'

export const page = stack

export const cards = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(16rem, 1fr))',
  gap: vars.space.lg,
})

export const card = style([panel, { gap: vars.space.md, minWidth: 0 }])

export const cardTitle = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, color: vars.color.text })

/** The plan's name: a figure, like the credit figures beside it. */
export const big = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600 })

export const figures = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xl, margin: 0 })
globalStyle(`${figures} dt`, { fontSize: vars.font.sizeSm, color: vars.color.textMuted })
globalStyle(`${figures} dd`, { margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, fontVariantNumeric: 'tabular-nums' })

export const chart = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' })
export const chartBar = style({ fill: vars.color.primary })
export const chartLabel = style({ fill: vars.color.text, fontSize: 14, fontFamily: vars.font.body })
export const chartValue = style({ fill: vars.color.textMuted, fontSize: 13, fontFamily: vars.font.body, fontVariantNumeric: 'tabular-nums' })


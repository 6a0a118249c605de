/** /pricing's plan cards: name, credits, features and a button at the bottom. Theme variables only. */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'
import { cardGrid } from './PublicLayout.css.ts'

export const plans = style([cardGrid, { alignItems: 'stretch' }])
export const featured = style({ borderColor: vars.color.primary, boxShadow: vars.shadow.card })
export const planHead = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm })
export const credits = style({ margin: 0, color: vars.color.textMuted })
export const amount = style({ color: vars.color.text, fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.02em', lineHeight: 1.2 })
export const features = style({ listStyle: 'none', margin: `${vars.space.sm} 0`, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, flex: 1 })
export const feature = style({ display: 'flex', gap: vars.space.sm, alignItems: 'flex-start', lineHeight: 1.45 })
export const check = style({ color: vars.color.success, flex: 'none', marginTop: 2 })
export const cta = style({ width: '100%' })
export const uses = style({ margin: `0 0 ${vars.space.md}`, paddingInlineStart: vars.space.xl, color: vars.color.textMuted, lineHeight: 1.7 })

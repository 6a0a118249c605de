import { style } from '@vanilla-extract/css'
import { zIndex } from '../primitives/layers.ts'
import { vars } from '../theme.css.ts'

/** The floating round button (a primary Button), bottom right, above the content and below overlays. */
export const floatingButton = style({
  position: 'fixed',
  right: vars.space.xl,
  bottom: vars.space.xl,
  zIndex: zIndex.sticky,
  width: 48,
  height: 48,
  padding: 0,
  borderRadius: '50%',
  boxShadow: vars.shadow.card,
})

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const screenshotRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const uploadStatus = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.text })

export const uploadError = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.danger })

/** The footer's row: 'Hide Forever' at the start, Cancel and Submit together at the end (on their own line when narrow). */
export const actions = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, width: '100%' })

export const actionsEnd = style({ display: 'flex', gap: vars.space.sm, marginLeft: 'auto' })

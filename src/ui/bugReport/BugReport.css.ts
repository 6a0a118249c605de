import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

/** The floating round button, bottom right, above the content and below dialogs. */
export const floatingButton = style({
  position: 'fixed',
  right: vars.space.xl,
  bottom: vars.space.xl,
  zIndex: 40,
  width: 48,
  height: 48,
  borderRadius: '50%',
  border: `1px solid ${vars.color.border}`,
  background: vars.color.primary,
  color: vars.color.primaryText,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  boxShadow: vars.shadow.card,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-hovered]': { background: vars.color.primaryHover },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
})

export const modal = style({ maxWidth: 560 })

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

export const screenshotRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm })

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const uploadStatus = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.text })

export const uploadError = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.danger })

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' })

export const actionsEnd = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })

import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const heading = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.font.sizeLg, fontWeight: 600, display: 'block' })
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 560 })
export const avatarRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg })
const avatarBox = { width: 72, height: 72, borderRadius: '50%', flexShrink: 0 } as const
export const avatar = style({ ...avatarBox, objectFit: 'cover', border: `1px solid ${vars.color.border}` })
export const avatarEmpty = style({
  ...avatarBox,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  fontWeight: 700,
  fontSize: vars.font.sizeLg,
  background: vars.color.background,
  color: vars.color.textMuted,
  border: `1px solid ${vars.color.border}`,
})
export const avatarActions = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const error = style({ margin: 0, color: vars.color.danger, fontSize: vars.font.sizeSm })

const button = style({
  appearance: 'none',
  font: 'inherit',
  fontWeight: 600,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '&[data-disabled], &[data-pending]': { opacity: 0.7, cursor: 'default' },
  },
})
export const primaryButton = style([
  button,
  { border: `1px solid ${vars.color.primary}`, background: vars.color.primary, color: vars.color.primaryText, selectors: { '&[data-hovered]': { background: vars.color.primaryHover } } },
])
export const secondaryButton = style([
  button,
  { border: `1px solid ${vars.color.border}`, background: vars.color.surface, color: vars.color.text, selectors: { '&[data-hovered]': { background: vars.color.background } } },
])

export const radioGroup = style({ display: 'flex', flexDirection: 'column' })
export const radios = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap' })
export const radio = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&::before': {
      content: '""',
      width: 16,
      height: 16,
      borderRadius: '50%',
      border: `2px solid ${vars.color.border}`,
      boxSizing: 'border-box',
      background: vars.color.surface,
    },
    '&[data-selected]::before': { borderColor: vars.color.primary, borderWidth: 5 },
    '&[data-focus-visible]::before': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
})

import { style } from '@vanilla-extract/css'
import { focusRing } from '../ui/primitives/focus-ring.css.ts'
import { vars } from '../ui/theme.css.ts'

export const heading = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.font.sizeLg, fontWeight: 600, display: 'block' })
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

export const radioGroup = style({ display: 'flex', flexDirection: 'column' })
export const radios = style({ display: 'flex', gap: vars.space.lg, flexWrap: 'wrap' })
/** A theme choice: its circle, then its name; the whole label carries the one focus ring. */
export const radio = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    padding: `2px ${vars.space.xs}`,
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
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
    },
  },
])

/** The user menu's avatar trigger (an IconButton, made round) and the signed-in person above the items. */
import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

/** The IconButton around the avatar: round, like the avatar it holds. */
export const trigger = style({ borderRadius: '50%' })

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '100%',
  height: '100%',
  borderRadius: '50%',
  background: vars.color.primary,
  color: vars.color.primaryText,
  fontSize: vars.font.sizeSm,
  fontWeight: 700,
  letterSpacing: '0.02em',
  selectors: { [`${trigger}[data-hovered] &`]: { background: vars.color.primaryHover } },
})

export const identity = style({
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const name = style({ fontWeight: 600, fontSize: vars.font.sizeSm })
export const email = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, overflow: 'hidden', textOverflow: 'ellipsis' })

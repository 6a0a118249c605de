import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 640, margin: 0, padding: 0, listStyle: 'none' })
export const row = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
})
export const rowText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const rowName = style({ fontWeight: 600 })
export const rowDescription = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm })
export const section = style({ margin: `${vars.space.xl} 0 ${vars.space.md}`, fontSize: vars.font.sizeLg })
export const note = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: `0 0 ${vars.space.lg}` })
export const switchRoot = style({
  display: 'inline-flex',
  cursor: 'pointer',
  outline: 'none',
  selectors: { '&[data-disabled]': { opacity: 0.6, cursor: 'default' } },
})
export const switchTrack = style({
  width: 40,
  height: 22,
  borderRadius: 11,
  background: vars.color.border,
  position: 'relative',
  flexShrink: 0,
  transition: 'background 120ms',
  '::after': {
    content: '""',
    position: 'absolute',
    top: 3,
    left: 3,
    width: 16,
    height: 16,
    borderRadius: '50%',
    background: vars.color.surface,
    transition: 'transform 120ms',
  },
  selectors: {
    [`${switchRoot}[data-selected] &`]: { background: vars.color.primary },
    [`${switchRoot}[data-focus-visible] &`]: { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
  },
})
export const actions = style({ marginTop: vars.space.xl })
globalStyle(`${switchRoot}[data-selected] ${switchTrack}::after`, { transform: 'translateX(18px)' })

import { style } from '@vanilla-extract/css'
import { focusRing } from '../ui/primitives/focus-ring.css.ts'
import { vars } from '../ui/theme.css.ts'

export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, outline: 'none' })

export const message = style({
  display: 'block',
  padding: vars.space.md,
  color: vars.color.textMuted,
  selectors: { '&[data-status="error"]': { color: vars.color.danger } },
})

/** A workspace: a bordered row (the one focus ring on keyboard focus), the current one outlined in the primary colour. */
export const item = style([
  focusRing,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.md,
    padding: vars.space.md,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
    background: vars.color.surface,
    color: vars.color.text,
    cursor: 'pointer',
    selectors: { '&[data-hovered], &[data-selected]': { borderColor: vars.color.primary } },
  },
])
export const icon = style({ flexShrink: 0, color: vars.color.textMuted })
export const name = style({ flex: 1, minWidth: 0, fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const current = style({ flexShrink: 0, color: vars.color.primary, fontSize: vars.font.sizeSm, fontWeight: 600 })

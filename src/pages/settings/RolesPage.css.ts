import { style } from '@vanilla-extract/css'
import { focusRing } from '../../ui/primitives/focus-ring.css.ts'
import { vars } from '../../ui/theme.css.ts'

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.sm, maxWidth: 960 })

export const item = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: `${vars.space.md} ${vars.space.lg}`,
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  gap: vars.space.xs,
  alignItems: 'start',
})

export const title = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.sm, margin: 0, fontSize: vars.font.sizeMd })

export const count = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, whiteSpace: 'nowrap' })

export const description = style({ gridColumn: '1 / -1', margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

/** A role's name, in the primary colour, linking to its editor. */
export const link = style([
  focusRing,
  { color: vars.color.primary, textDecoration: 'none', borderRadius: vars.radius.sm, selectors: { '&[data-hovered]': { textDecoration: 'underline' } } },
])

/** A custom role's 'Delete', under its description at the end of the card. */
export const itemActions = style({ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' })

import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 960 })

export const fields = style({ display: 'grid', gap: vars.space.lg, maxWidth: 560 })

export const gridScroller = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface })

export const gridInvalid = style({ borderColor: vars.color.danger })

export const grid = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm })

export const columnHeader = style({
  padding: `${vars.space.sm} ${vars.space.sm}`,
  textAlign: 'center',
  fontWeight: 600,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  position: 'sticky',
  top: 0,
  background: vars.color.surface,
})

export const resourceHeader = style([columnHeader, { textAlign: 'left', minWidth: 240 }])

export const rowHeader = style({ padding: `${vars.space.sm} ${vars.space.md}`, textAlign: 'left', fontWeight: 'normal', verticalAlign: 'top' })

export const resourceLabel = style({ display: 'block', fontWeight: 600, color: vars.color.text })

export const resourceDescription = style({ display: 'block', color: vars.color.textMuted, lineHeight: 1.4 })

export const cell = style({ padding: vars.space.sm, textAlign: 'center', verticalAlign: 'middle' })

export const gridRow = style({ selectors: { '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` } } })

export const groupLabel = style({ margin: 0, fontWeight: 600, fontSize: vars.font.sizeSm })

import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../src/ui/theme.css.ts'

export const page = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
  fontFamily: vars.font.body,
  color: vars.color.text,
  background: vars.color.background,
  padding: vars.space.lg,
  lineHeight: 1.5,
})
export const title = style({ margin: `0 0 ${vars.space.xs}`, fontSize: '1.75rem' })
export const lead = style({ margin: 0, fontSize: '1.0625rem' })
export const heading = style({ fontSize: '1.25rem', margin: `0 0 ${vars.space.sm}` })
export const muted = style({ color: vars.color.textMuted })
export const list = style({ margin: 0, padding: 0, listStyle: 'none' })
export const stateCell = style({ fontWeight: 400, whiteSpace: 'nowrap' })
export const table = style({ borderCollapse: 'collapse', width: '100%', fontSize: vars.font.sizeSm })
globalStyle(`${table} th, ${table} td`, {
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
  verticalAlign: 'top',
})
globalStyle(`${table} thead th`, { fontWeight: 600, borderBottomWidth: 2 })
globalStyle(`${page} a`, { color: vars.color.primary })

import { style } from '@vanilla-extract/css'
import { vars } from './theme.css.ts'

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' })
export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.xl}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const headerGroup = style({ display: 'flex', alignItems: 'center', gap: vars.space.lg, minWidth: 0 })
export const org = style({ fontWeight: 600, color: vars.color.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })
export const user = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, '@media': { '(max-width: 640px)': { display: 'none' } } })
export const content = style({ flex: 1, padding: vars.space.xl, maxWidth: 1200, width: '100%', margin: '0 auto' })
export const bare = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' })

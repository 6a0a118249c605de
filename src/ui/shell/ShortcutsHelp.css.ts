/** The keyboard shortcuts help's list: a description list per group, key caps at the end. Theme variables only. */
import { style } from '@vanilla-extract/css'
import { vars } from '../theme.css.ts'

export const group = style({ selectors: { '& + &': { marginTop: vars.space.lg } } })

export const groupTitle = style({ margin: `0 0 ${vars.space.sm}`, fontSize: vars.font.sizeSm, fontWeight: 600, color: vars.color.textMuted })

export const list = style({ display: 'grid', gridTemplateColumns: '1fr auto', gap: `${vars.space.sm} ${vars.space.lg}`, margin: 0 })

export const does = style({ margin: 0, gridColumn: 1 })

export const keys = style({ margin: 0, gridColumn: 2, display: 'flex', gap: vars.space.xs, justifyContent: 'flex-end', alignItems: 'center' })

export const kbd = style({
  fontFamily: 'inherit',
  fontSize: vars.font.sizeSm,
  minWidth: 24,
  textAlign: 'center',
  padding: `1px ${vars.space.xs}`,
  border: `1px solid ${vars.color.border}`,
  borderBottomWidth: 2,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  color: vars.color.text,
})

export const or = style({ fontSize: vars.font.sizeSm, color: vars.color.textMuted })

export const note = style({ margin: `${vars.space.lg} 0 0`, fontSize: vars.font.sizeSm, color: vars.color.textMuted })

import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const chart = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'flex-start', fontFamily: vars.font.body, color: vars.color.text })

const stateBase = style({
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  padding: vars.space.sm,
  minWidth: 160,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  fontSize: vars.font.sizeSm,
})

export const state = styleVariants({
  atomic: [stateBase],
  compound: [stateBase, { background: vars.color.background }],
  parallel: [stateBase, { background: vars.color.background, borderStyle: 'dashed' }],
  final: [stateBase, { borderWidth: 3, borderStyle: 'double' }],
  history: [stateBase, { borderStyle: 'dotted' }],
})

export const active = style({ outline: `3px solid ${vars.color.primary}`, outlineOffset: 1 })

export const name = style({ fontWeight: 600, display: 'flex', gap: vars.space.xs, alignItems: 'baseline', flexWrap: 'wrap' })
export const initialMark = style({ color: vars.color.primary })
export const kind = style({ fontWeight: 400, color: vars.color.textMuted, fontSize: '0.75rem' })
export const children = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'flex-start', marginTop: vars.space.xs })
export const transitions = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 2 })
export const transition = style({ color: vars.color.textMuted, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' })
export const event = style({ color: vars.color.text })
export const note = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs, color: vars.color.textMuted })
globalStyle(`${note} a`, { color: vars.color.primary })
export const table = style({ borderCollapse: 'collapse', fontSize: '0.75rem', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', color: vars.color.text })
globalStyle(`${table} th, ${table} td`, { border: `1px solid ${vars.color.border}`, padding: `2px ${vars.space.sm}`, textAlign: 'left', verticalAlign: 'top' })
globalStyle(`${table} th`, { background: vars.color.background, fontFamily: vars.font.body })

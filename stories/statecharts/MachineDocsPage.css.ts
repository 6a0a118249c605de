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
/** The custom property a state's name cell sets to how deep it sits (0 for a top-level state): its name is indented by it. */
export const depthProperty = '--machine-docs-depth'
const depth = `var(${depthProperty}, 0)`
export const stateCell = style({ fontWeight: 400, overflowWrap: 'anywhere' })

/** Under 640 px each row becomes a card: the name, then the sentence, then the stories. */
const narrow = '(max-width: 640px)'
export const table = style({ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', fontSize: vars.font.sizeSm })
/** Column widths: the name, then the sentence (the widest), then stories or transitions. */
export const nameColumn = style({ width: '22%' })
export const meaningColumn = style({ width: '48%' })
globalStyle(`${table} th, ${table} td`, {
  borderBottom: `1px solid ${vars.color.border}`,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  textAlign: 'start',
  verticalAlign: 'top',
})
globalStyle(`${table} thead th`, { fontWeight: 600, borderBottomWidth: 2 })
// Storybook's docs typography sizes some inline elements on its own: the table keeps one size.
globalStyle(`${table} td *, ${table} th *`, { fontSize: 'inherit', lineHeight: 'inherit' })
globalStyle(`${table} code`, { overflowWrap: 'anywhere' })
globalStyle(`${table} th${stateCell}`, { paddingInlineStart: `calc(${vars.space.sm} + ${depth} * 1.25rem)` })
globalStyle(`${table}, ${table} tbody, ${table} tr, ${table} th, ${table} td`, { '@media': { [narrow]: { display: 'block', width: 'auto' } } })
globalStyle(`${table} thead, ${table} colgroup`, { '@media': { [narrow]: { display: 'none' } } })
globalStyle(`${table} tr`, { '@media': { [narrow]: { borderBottom: `1px solid ${vars.color.border}`, padding: `${vars.space.xs} 0` } } })
globalStyle(`${table} th, ${table} td`, { '@media': { [narrow]: { borderBottom: 'none', padding: `2px ${vars.space.sm}` } } })
globalStyle(`${table} th${stateCell}`, { '@media': { [narrow]: { paddingInlineStart: `calc(${vars.space.sm} + ${depth} * 0.75rem)`, fontWeight: 600 } } })
globalStyle(`${page} a`, { color: vars.color.primary })

/** Workspace Settings › Single sign-on: its heading row, the redirect URI, the test's line and the actions. Theme variables only. */
import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const head = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' })
export const title = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, color: vars.color.text })
export const intro = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5, maxWidth: '65ch' })

/** The redirect URI to register at the provider: copyable text, wrapped anywhere. */
export const uri = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeSm,
  padding: `1px ${vars.space.xs}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  overflowWrap: 'anywhere',
})

/** 'Test connection' and what it found, on one row when they fit. */
export const testRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap' })

/** The line beside 'Test connection' and the one beside 'Save': empty, working, done, or failed. */
const lineBase = style({ margin: 0, fontSize: vars.font.sizeSm, lineHeight: 1.4, display: 'flex', alignItems: 'center', gap: vars.space.xs, overflowWrap: 'anywhere', minWidth: 0 })
export const line = styleVariants({
  none: [lineBase, { color: vars.color.textMuted }],
  done: [lineBase, { color: vars.color.text }],
  failed: [lineBase, { color: vars.color.danger }],
})
export const doneIcon = style({ color: vars.color.success, flexShrink: 0 })

/** A switch's refusal from the server, under it. */
export const switchError = style({ margin: 0, fontSize: vars.font.sizeSm, color: vars.color.danger })

/** Save on the right, Remove on the left, the save's line between. */
export const actions = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' })
export const saveGroup = style({ display: 'flex', alignItems: 'center', gap: vars.space.md, flexWrap: 'wrap', marginInlineStart: 'auto' })

/**
 * The API keys tab (Developers): its intro row, the quiet and monospace texts of the table's
 * cells, the `curl` example and the secret shown once. Theme variables only; the table stacks
 * into cards on narrow screens (the Table primitive).
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

const monoFont = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

export const tab = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 })

/** The intro and 'Create API key' side by side; the button under the text on narrow screens. */
export const intro = style({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' })
export const introText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5, maxWidth: '65ch', flex: '1 1 20rem' })

/** A key's first characters, or a cell that reads as code. */
export const mono = style({ fontFamily: monoFont, fontSize: vars.font.sizeSm, whiteSpace: 'nowrap' })
/** A cell with nothing noteworthy ('Never'). */
export const muted = style({ color: vars.color.textMuted })
/** A name that may be long: wraps rather than widening the table. */
export const wrap = style({ overflowWrap: 'anywhere', minWidth: 0 })
export const expired = style({
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: 999,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.6,
})

/** The `curl` example: a code line that scrolls sideways on its own rather than widening the page, and its copy button. */
export const example = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm, width: '100%', maxWidth: 640, textAlign: 'start' })
export const exampleLabel = style({ margin: 0, fontSize: vars.font.sizeSm, fontWeight: 600 })
export const codeRow = style({ display: 'flex', alignItems: 'stretch', gap: vars.space.sm, minWidth: 0 })
export const code = style({
  flex: 1,
  minWidth: 0,
  margin: 0,
  padding: `${vars.space.sm} ${vars.space.md}`,
  overflowX: 'auto',
  fontFamily: monoFont,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.6,
  whiteSpace: 'pre',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
})

/** The create dialog's fields. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg })
export const note = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

/** The secret: read-only, monospace, all of it visible (it wraps), selected on focus. */
export const secretField = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs })
export const secretLabel = style({ fontSize: vars.font.sizeSm, fontWeight: 600 })
export const secret = style({
  width: '100%',
  boxSizing: 'border-box',
  resize: 'none',
  padding: vars.space.md,
  fontFamily: monoFont,
  fontSize: vars.font.sizeMd,
  lineHeight: 1.5,
  wordBreak: 'break-all',
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.text,
  outline: 'none',
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: 2 } },
})
export const warning = style({
  margin: 0,
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.5,
})
export const warningIcon = style({ flexShrink: 0, marginTop: 2, color: vars.color.danger })

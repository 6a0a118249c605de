/**
 * The API reference tab (Developers): the note above the viewer and the viewer's frame. The
 * viewer's own colours are mapped to the theme variables (see `scalarThemeCss`), so it follows the
 * app's light and dark themes. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const tab = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 })

export const note = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  lineHeight: 1.5,
})
export const noteHead = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' })
export const noteText = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' })
export const operations = style({ margin: 0, padding: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: vars.space.sm })
export const operation = style({
  display: 'inline-flex',
  gap: vars.space.xs,
  padding: `2px ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeSm,
  maxWidth: '100%',
  boxSizing: 'border-box',
})
/** The method never breaks; a long path wraps after it. */
export const method = style({ flexShrink: 0, fontWeight: 700, color: vars.color.primary })
export const path = style({ minWidth: 0, overflowWrap: 'anywhere' })
export const download = style({ fontSize: vars.font.sizeSm, fontWeight: 600, color: vars.color.primary, whiteSpace: 'nowrap' })

/** The viewer's frame: the tab's width, clipped to its rounded border. */
export const viewer = style({
  minWidth: 0,
  minHeight: 480,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  overflow: 'clip',
  background: vars.color.surface,
})

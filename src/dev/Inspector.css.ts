import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const panel = style({
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  width: 'min(720px, 100vw)',
  zIndex: 2147483000,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  borderLeft: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.card,
  display: 'grid',
  gridTemplateRows: 'auto 1fr',
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeSm,
})

export const header = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, padding: vars.space.sm, borderBottom: `1px solid ${vars.color.border}` })
export const title = style({ margin: 0, fontSize: vars.font.sizeMd, flex: 1 })
export const body = style({ display: 'grid', gridTemplateColumns: '220px 1fr', minHeight: 0 })
export const actors = style({ margin: 0, padding: vars.space.xs, listStyle: 'none', overflow: 'auto', borderRight: `1px solid ${vars.color.border}` })
export const detail = style({ overflow: 'auto', padding: vars.space.sm, display: 'flex', flexDirection: 'column', gap: vars.space.md })
export const actorButton = style({
  appearance: 'none',
  width: '100%',
  textAlign: 'left',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: 'inherit',
  padding: vars.space.xs,
  cursor: 'pointer',
  font: 'inherit',
  selectors: {
    '&[data-selected]': { background: vars.color.background, outline: `2px solid ${vars.color.primary}` },
    '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` },
  },
})
export const muted = style({ color: vars.color.textMuted, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.75rem', overflowWrap: 'anywhere' })
export const pre = style({ margin: 0, padding: vars.space.sm, background: vars.color.background, borderRadius: vars.radius.sm, maxHeight: 240, overflow: 'auto', fontSize: '0.75rem' })
export const section = style({ margin: 0, fontSize: vars.font.sizeSm })
export const close = style({
  appearance: 'none',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: 'inherit',
  padding: `2px ${vars.space.sm}`,
  cursor: 'pointer',
  selectors: { '&[data-focus-visible]': { outline: `2px solid ${vars.color.focusRing}` } },
})

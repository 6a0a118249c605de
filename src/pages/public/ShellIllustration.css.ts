/**
 * The landing page's picture of the shell: a miniature of the app's sidebar, header
 * and Overview panel drawn with boxes, in the theme's colours (light and dark). Under 720 px the
 * sidebar is a rail of icons and the third stat card steps aside.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

const NARROW = 'screen and (max-width: 719px)'

export const frame = style({
  display: 'flex',
  width: '100%',
  minWidth: 0,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  boxShadow: vars.shadow.card,
  overflow: 'hidden',
  fontSize: 12,
  lineHeight: 1.3,
  '@media': { 'screen and (min-width: 960px)': { fontSize: 13 } },
  color: vars.color.text,
  userSelect: 'none',
})

export const sidebar = style({
  flex: '0 0 168px',
  display: 'flex',
  flexDirection: 'column',
  gap: 2,
  padding: vars.space.md,
  background: vars.color.surface,
  borderInlineEnd: `1px solid ${vars.color.border}`,
  '@media': { [NARROW]: { flexBasis: 44, padding: vars.space.sm, alignItems: 'center' } },
})
export const brand = style({ display: 'flex', alignItems: 'center', gap: 6, fontWeight: 700, marginBottom: vars.space.sm, fontSize: 13 })
export const navItem = style({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '6px 8px',
  borderRadius: vars.radius.sm,
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
})
export const navItemActive = style({ background: vars.color.background, color: vars.color.primary, fontWeight: 600 })
export const soon = style({
  marginInlineStart: 'auto',
  fontSize: 10,
  padding: '0 6px',
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
})
/** Words that give way to the rail under 720 px. */
export const label = style({ '@media': { [NARROW]: { display: 'none' } } })

export const body = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })
export const topbar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
})
export const workspace = style({
  display: 'flex',
  alignItems: 'center',
  gap: 6,
  padding: '4px 8px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minWidth: 0,
})
export const workspaceMark = style({ flex: '0 0 14px', height: 14, borderRadius: 4, background: vars.color.success })
export const spacer = style({ flex: 1 })
export const credits = style({ display: 'flex', flexDirection: 'column', gap: 3, minWidth: 84, color: vars.color.textMuted, fontSize: 10 })
export const meter = style({ height: 4, borderRadius: 999, background: vars.color.border, overflow: 'hidden' })
export const meterFill = style({ height: '100%', width: '82%', background: vars.color.primary, borderRadius: 999 })
export const bell = style({ position: 'relative', display: 'inline-flex', color: vars.color.textMuted })
export const bellDot = style({
  position: 'absolute',
  top: -2,
  insetInlineEnd: -2,
  width: 7,
  height: 7,
  borderRadius: 999,
  background: vars.color.danger,
  border: `1px solid ${vars.color.surface}`,
})
export const avatar = style({
  flex: '0 0 22px',
  height: 22,
  borderRadius: 999,
  background: vars.color.primary,
  color: vars.color.primaryText,
  display: 'grid',
  placeItems: 'center',
  fontSize: 10,
  fontWeight: 700,
})
export const wide = style({ '@media': { [NARROW]: { display: 'none' } } })

export const panel = style({ padding: vars.space.lg, display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 })
export const panelTitle = style({ fontSize: '1.25em', fontWeight: 700 })
export const stats = style({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: vars.space.sm, '@media': { [NARROW]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } })
export const stat = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  minWidth: 0,
})
export const statLabel = style({ color: vars.color.textMuted, fontSize: 10, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })
export const statValue = style({ fontSize: '1.35em', fontWeight: 700 })
export const list = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  display: 'flex',
  flexDirection: 'column',
})
export const row = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  minWidth: 0,
  selectors: { '& + &': { borderTop: `1px solid ${vars.color.border}` } },
})
export const rowDot = style({ flex: '0 0 6px', height: 6, borderRadius: 999, background: vars.color.primary })
export const rowDotRead = style({ background: 'transparent' })
export const rowText = style({ flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' })
export const rowTime = style({ color: vars.color.textMuted, fontSize: 10, whiteSpace: 'nowrap' })
export const urgent = style({
  fontSize: 10,
  fontWeight: 600,
  padding: '0 6px',
  borderRadius: 999,
  color: vars.color.danger,
  background: vars.color.dangerSurface,
})

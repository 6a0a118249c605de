/**
 * The Security tab's own styles: session rows, the QR code and secret, the recovery
 * codes. Panels, headings, badges and actions are the settings pages' (settings.css.ts,
 * ProfileTab.css.ts). Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

/** Title and the section's main action on one line; the action wraps under it on a narrow screen. */
export const head = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.md, flexWrap: 'wrap' })
export const headTitle = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600 })
export const intro = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5, maxWidth: '65ch' })

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' })
export const row = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.md} 0`,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&:first-child': { borderTop: 'none', paddingTop: 0 }, '&:last-child': { paddingBottom: 0 } },
  '@media': {
    // The button goes under the text on a phone, so the text keeps the width.
    'screen and (max-width: 599px)': { gridTemplateColumns: 'auto minmax(0, 1fr)', rowGap: vars.space.sm },
  },
})
export const rowAction = style({
  '@media': { 'screen and (max-width: 599px)': { gridColumn: '2', justifySelf: 'start' } },
})
export const deviceIcon = style({
  width: 40,
  height: 40,
  borderRadius: vars.radius.md,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  alignSelf: 'start',
})
export const rowMain = style({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 })
export const rowTitle = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap', fontWeight: 600 })
export const rowMeta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5, overflowWrap: 'anywhere' })
export const time = style({ textDecoration: 'underline dotted', textUnderlineOffset: 3, cursor: 'help', whiteSpace: 'nowrap' })

export const statusLine = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.sm, margin: 0, lineHeight: 1.5 })
/** The icon sits on the first line of the text beside it. */
export const statusOn = style({ color: vars.color.success, flexShrink: 0, marginTop: 3 })

export const enrolGrid = style({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  gap: vars.space.xl,
  alignItems: 'start',
  '@media': { 'screen and (max-width: 599px)': { gridTemplateColumns: 'minmax(0, 1fr)', justifyItems: 'start' } },
})
/** The QR code always on white, whatever the theme: scanners need the contrast. */
export const qr = style({ width: 176, height: 176, padding: 8, background: '#fff', borderRadius: vars.radius.md, border: `1px solid ${vars.color.border}` })
export const steps = style({ margin: 0, paddingInlineStart: '1.25em', display: 'flex', flexDirection: 'column', gap: vars.space.sm, lineHeight: 1.5 })
export const secretRow = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, flexWrap: 'wrap' })
export const mono = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeSm,
  letterSpacing: '0.04em',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  overflowWrap: 'anywhere',
})
export const codeField = style({ maxWidth: 320 })
export const codes = style({
  listStyle: 'none',
  margin: 0,
  padding: vars.space.md,
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, max-content))',
  gap: `${vars.space.sm} ${vars.space.xl}`,
  borderRadius: vars.radius.md,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.font.sizeMd,
})
export const formActions = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' })

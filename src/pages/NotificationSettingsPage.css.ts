/**
 * Notification Settings: the settings pages' spacing (src/pages/settings/
 * settings.css.ts `stack`), one card per delivery switch, each section's heading with its inline
 * save mark, the category × channel matrix, and the quiet hours card. Theme variables only, light
 * and dark.
 *
 * The matrix is a plain table in the Table primitive's classes, like the role editor's grid
 * (src/pages/settings/RoleEditorPage.css.ts): a bordered table where it gets 640 px or more; under
 * that (a container query on its own width) each category is a card, the category switch on top
 * and the In-app, Push and Email boxes in a row below with their names beside them, so nothing
 * scrolls sideways at 390 px.
 */
import { globalStyle, style } from '@vanilla-extract/css'
import * as table from '../ui/primitives/Table/Table.css.ts'
import { checkboxGridRow } from '../ui/primitives/Table/checkboxGridRow.ts'
import { vars } from '../ui/theme.css.ts'

const STACKED = table.STACKED

export const page = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 960, minWidth: 0 })
export const list = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, maxWidth: 640, margin: 0, padding: 0, listStyle: 'none' })
/** A setting's card around its Switch (label and description, the track at the end). */
export const row = style({ padding: vars.space.lg, background: vars.color.surface, border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md })
export const sectionHeader = style({ display: 'flex', alignItems: 'baseline', gap: vars.space.md, maxWidth: 640, marginTop: vars.space.md })
export const section = style({ margin: 0, fontSize: vars.font.sizeLg })
export const note = style({ color: vars.color.textMuted, fontSize: vars.font.sizeSm, margin: 0, maxWidth: 640 })
/** 'Saving…' / 'Saved': quiet text beside the heading; the check takes the success colour. */
export const saveStatus = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs, color: vars.color.textMuted, fontSize: vars.font.sizeSm })
export const savedIcon = style({ color: vars.color.success })
export const error = style({
  margin: 0,
  maxWidth: 640,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
})


/** Why a column of the matrix waits (its master switch is off), above the matrix. */
export const masterNote = style({
  margin: 0,
  maxWidth: 640,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.font.sizeSm,
})

/** The Push column's note: its sentence, then the button that turns push on for this device. */
export const pushNoteText = style({ margin: `0 0 ${vars.space.sm}` })

/** The matrix's container-query host (see the Table primitive). */
export const matrixHost = style([table.host, { maxWidth: 640 }])
export const matrixFrame = table.container
export const matrix = table.table
export const matrixHead = table.header
export const matrixBody = table.body

export const categoryHeader = style([table.column, table.hiddenWhenStacked])

/** A channel's name over its boxes, with a muted 'Always on' / 'Off' under it; off screen when stacked. */
export const channelHeader = style([table.column, table.hiddenWhenStacked, { textAlign: 'center', verticalAlign: 'bottom', width: 96 }])
export const headerNote = style({ display: 'block', fontWeight: 'normal', fontSize: vars.font.sizeSm })

/** A category's row; when stacked, a card: the switch, then the three boxes in as many columns as fit. */
export const matrixRow = checkboxGridRow(84)

export const categoryCell = style({
  padding: `${vars.space.md}`,
  textAlign: 'left',
  fontWeight: 'normal',
  verticalAlign: 'top',
  '@container': { [STACKED]: { gridColumn: '1 / -1', padding: `0 0 ${vars.space.xs}` } },
})

/** "Covers: Messages" on its own line under the category's description. */
export const covers = style({ display: 'block', marginTop: vars.space.xs, fontWeight: 600 })

export const channelCell = style({
  padding: vars.space.sm,
  textAlign: 'center',
  verticalAlign: 'middle',
  '@container': { [STACKED]: { padding: 0, textAlign: 'left' } },
})

/** A box's channel name: shown only when stacked (the header row names the columns otherwise). */
export const stackedName = style({ display: 'none', '@container': { [STACKED]: { display: 'inline' } } })

// From 640 px the box stands alone, centred under its channel's name; no gap for the hidden name or description.
globalStyle(`${channelCell} > *`, { alignItems: 'center', gap: 0, '@container': { [STACKED]: { alignItems: 'flex-start' } } })
globalStyle(`${channelCell} label`, { gap: 0, '@container': { [STACKED]: { gap: vars.space.sm } } })

/** The quiet hours card: the switch, then Start, End and Time zone. */
export const card = style([row, { display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 640, boxSizing: 'border-box' }])

/** Start and End side by side, the zone beside them where there is room, else on a line of its own. */
export const quietFields = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, minWidth: 0 })
globalStyle(`${quietFields} > *`, { flex: '1 1 120px', minWidth: 0 })
export const zoneField = style({ selectors: { [`${quietFields} > &`]: { flex: '2 1 220px' } } })

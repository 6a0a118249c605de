/**
 * Layout the pages share beyond the primitives: a form's column, and an alert's
 * message beside its retry button. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

/** A form: its alert, fields and actions one under another. */
export const form = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 560, minWidth: 0 })

/** An alert's message beside its retry button, the button wrapping under it on a narrow screen. */
export const alertRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md })

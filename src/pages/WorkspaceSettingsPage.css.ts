/** Workspace Settings' two-factor section: its heading and the line under the switch. Theme variables only. */
import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, color: vars.color.text })

/** The switch and its live line, close together (the line is empty most of the time). */
export const setting = style({ display: 'flex', flexDirection: 'column', gap: vars.space.sm })

/** The live line under the switch: empty, 'Saving…', or the server's refusal. */
const outcomeBase = style({ margin: 0, fontSize: vars.font.sizeSm, lineHeight: 1.4 })
export const outcome = styleVariants({
  none: [outcomeBase, { color: vars.color.textMuted }],
  failed: [outcomeBase, { color: vars.color.danger }],
})

/** Workspace Settings' two-factor section (issue #19): its heading and the line beside the switch. Theme variables only. */
import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const sectionTitle = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, color: vars.color.text })

/** The live line under the switch: empty, a confirmation, or the server's refusal. */
const outcomeBase = style({ margin: 0, minHeight: '1.4em', fontSize: vars.font.sizeSm, lineHeight: 1.4 })
export const outcome = styleVariants({
  none: [outcomeBase],
  saved: [outcomeBase, { color: vars.color.success }],
  failed: [outcomeBase, { color: vars.color.danger }],
})

/**
 * TextField styles, the sign-in form's look: a label over a bordered input, a muted
 * description and a danger-coloured error. The label, description and error classes are shared
 * by the other field primitives (Select, CheckboxGroup) so every field reads the same.
 */
import { style } from '@vanilla-extract/css'
import { fieldFocusRing } from '../focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

/** A field's column: label, control, description, error. */
export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })

export const label = style({ fontWeight: 600, fontSize: vars.font.sizeSm, color: vars.color.text })

export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const fieldError = style({ color: vars.color.danger, fontSize: vars.font.sizeSm, lineHeight: 1.4 })

/** The bordered box of a text input, text area or the Select's button (no focus rule: see `control`). */
export const controlBox = style({
  font: 'inherit',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  width: '100%',
  minWidth: 0,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted },
    '&[data-invalid]': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.7, cursor: 'not-allowed' },
  },
})

/** A text input or text area: the box with the field ring while focused. */
export const control = style([fieldFocusRing, controlBox])

export const textArea = style({ resize: 'vertical', minHeight: '5.5em', lineHeight: 1.5 })

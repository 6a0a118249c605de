/**
 * The time zone picker (issue #17): the text input's box with the Select's chevron inside its end,
 * and the Select's list in a popover as wide as the field, scrolling (some 400 zones).
 */
import { style } from '@vanilla-extract/css'
import { fieldFocusRing } from '../../ui/primitives/focus-ring.css.ts'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import { vars } from '../../ui/theme.css.ts'

export const root = style([field.field])

/** The input and its button, the button laid over the input's end. */
export const control = style({ position: 'relative', display: 'flex', alignItems: 'center', minWidth: 0 })

export const input = style([
  fieldFocusRing,
  field.controlBox,
  { paddingRight: `calc(${vars.space.md} + 28px)`, selectors: { [`${root}[data-invalid] &`]: { borderColor: vars.color.danger } } },
])

export const button = style({
  position: 'absolute',
  right: vars.space.xs,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: { '&[data-hovered]': { color: vars.color.text }, '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.7 } },
})

/** As wide as the field (the ComboBox's `--trigger-width`), at most about ten options high. */
export const popover = style({ width: 'var(--trigger-width)', maxHeight: 320, overflow: 'auto' })

/**
 * The time zone picker: the text input's box with the Select's chevron inside its end,
 * and a list of the Select's options in a popover as wide as the field, scrolling (some 420 zones).
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
  { paddingInlineEnd: `calc(${vars.space.md} + 28px)`, selectors: { [`${root}[data-invalid] &`]: { borderColor: vars.color.danger } } },
])

export const button = style({
  position: 'absolute',
  insetInlineEnd: vars.space.xs,
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

/** As wide as the field (the ComboBox's `--trigger-width`). */
export const popover = style({ width: 'var(--trigger-width)' })

/**
 * The list scrolls itself, at most about eight options high: react-aria's Virtualizer renders the
 * rows in this box's view and lays them out (its padding and gap, TimeZoneField's LIST_LAYOUT).
 */
export const listBox = style({ maxHeight: 320, overflowY: 'auto', outline: 'none' })

/** A row: the zone's id over its details. */
export const option = style({ flexDirection: 'column', alignItems: 'flex-start', gap: 0 })

/** A row's second line: the zone's name, country, abbreviations and main cities, muted and smaller. */
export const detail = style({ display: 'block', color: vars.color.textMuted, fontSize: vars.font.sizeSm, whiteSpace: 'normal' })

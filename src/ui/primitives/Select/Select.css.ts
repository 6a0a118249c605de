/**
 * Select styles: the field's button has the text input's box; the list opens in a
 * small local popover (raised surface, card shadow) of options that highlight on focus.
 */
import { style } from '@vanilla-extract/css'
import { focusRing, focusRingInset } from '../focus-ring.css.ts'
import * as field from '../TextField/TextField.css.ts'
import { vars } from '../../theme.css.ts'

export const root = style([field.field])

export const button = style([
  focusRing,
  field.controlBox,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    textAlign: 'left',
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { borderColor: vars.color.primary },
      [`${root}[data-invalid] &`]: { borderColor: vars.color.danger },
      [`${root}[data-open] &`]: { borderColor: vars.color.primary },
    },
  },
])

export const value = style({
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
})

export const chevron = style({ flex: 'none', color: vars.color.textMuted })

/** On top of the Popover primitive's look: as wide as the button, scrolling when long. */
export const popover = style({ width: 'var(--trigger-width)', overflow: 'auto' })

export const listBox = style({ padding: vars.space.xs, outline: 'none', display: 'flex', flexDirection: 'column', gap: 2 })

export const option = style([
  focusRingInset,
  {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: vars.space.sm,
    padding: `${vars.space.sm} ${vars.space.md}`,
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    selectors: {
      '&[data-focused], &[data-hovered]': { background: vars.color.background },
      '&[data-selected]': { color: vars.color.primary, fontWeight: 600 },
      '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
    },
  },
])

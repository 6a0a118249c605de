/**
 * Checkbox styles: a visible box (filled with the primary colour and a check or a
 * dash when on or mixed) beside the label; the clickable label carries the focus ring.
 * The group's label, description and error share the TextField's classes.
 */
import { style } from '@vanilla-extract/css'
import { FOCUS_RING_SHADOW, focusRing } from '../focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

const BOX = 20

export const field = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })

export const button = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'flex-start',
    gap: vars.space.sm,
    borderRadius: vars.radius.sm,
    color: vars.color.text,
    cursor: 'pointer',
    selectors: {
      '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
      '&[data-readonly]': { cursor: 'default' },
      // `RowCheckbox`'s native input: the ring when it has keyboard focus.
      '&:has(> input:focus-visible)': { boxShadow: FOCUS_RING_SHADOW },
    },
  },
])

export const box = style({
  flex: 'none',
  width: BOX,
  height: BOX,
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.textMuted}`,
  background: vars.color.surfaceRaised,
  color: vars.color.primaryText,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    [`${button}[data-hovered]:not([data-readonly]) &`]: { borderColor: vars.color.primary },
    [`${button}[data-native]:hover &`]: { borderColor: vars.color.primary },
    [`${button}:is([data-selected], [data-indeterminate]) &`]: { background: vars.color.primary, borderColor: vars.color.primary },
    [`${button}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${button}[data-readonly]:is([data-selected], [data-indeterminate]) &`]: { background: vars.color.textMuted, borderColor: vars.color.textMuted },
  },
})

/** The visible label beside the box (may hold a name and a muted line). */
export const label = style({ minWidth: 0, lineHeight: `${BOX}px` })

/** A checkbox's own description, indented under its label. */
export const description = style({ paddingInlineStart: `calc(${BOX}px + ${vars.space.sm})` })

export const group = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md, minWidth: 0 })

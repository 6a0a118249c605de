/**
 * The human-verification modal's body (SPEC.md §2.6): the Modal primitive holds the title; the
 * page behind is not rendered while it shows.
 */
import { style } from '@vanilla-extract/css'

/**
 * The widget's slot keeps its size while the widget loads or is replaced, so nothing jumps; the
 * widget (or the spinner) lines up with the title at the start.
 */
export const widgetSlot = style({
  minHeight: 72,
  width: '100%',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-start',
})

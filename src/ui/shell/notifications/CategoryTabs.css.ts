/** The category tabs. Theme variables only; the chosen tab through react-aria's `data-selected`. */
import { style } from '@vanilla-extract/css'
import { focusRing } from '../../primitives/focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

/** The chips under the panel's head (or the page's header): they wrap onto a second line rather than run under the edge. */
export const categories = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const category = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 4,
    flexShrink: 0,
    border: `1px solid ${vars.color.border}`,
    borderRadius: 999,
    background: vars.color.surface,
    color: vars.color.text,
    padding: '2px 8px',
    fontSize: '0.75rem',
    fontWeight: 500,
    cursor: 'pointer',
    selectors: {
      '&[data-selected]': { background: vars.color.primary, borderColor: vars.color.primary, color: vars.color.primaryText },
      '&[data-hovered]:not([data-selected])': { background: `color-mix(in srgb, ${vars.color.text} 5%, ${vars.color.surface})` },
    },
  },
])
export const categoryCount = style({ fontVariantNumeric: 'tabular-nums', opacity: 0.8 })

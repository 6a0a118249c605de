/**
 * The workspace switcher's styles: theme variables only; interactive states come from
 * react-aria's data attributes.
 */
import { style } from '@vanilla-extract/css'
import { FOCUS_RING_SHADOW } from '../primitives/focus-ring.css.ts'
import { itemVariant as menuItem } from '../primitives/Menu/Menu.css.ts'
import { controlBox } from '../primitives/TextField/TextField.css.ts'
import { vars } from '../theme.css.ts'

/** The trigger Button (and the name alone) may shrink in a narrow header: its name is cut with an ellipsis. */
export const trigger = style({ minWidth: 0 })
/** The name alone, when no workspaces actor is provided (stories of other features): not pressable. */
export const staticName = style([trigger, { cursor: 'default' }])
export const triggerIcon = style({ flexShrink: 0, color: vars.color.textMuted })
export const triggerName = style({ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '16rem' })

/** The Popover primitive's width for the switcher. */
export const popover = style({ width: '18rem' })

export const dialog = style({ display: 'flex', flexDirection: 'column', outline: 'none' })

/**
 * The search box: the text fields' box (TextField primitive) around the icon and the input. Its
 * own size and padding are written against both classes, so they win over the box's whichever
 * stylesheet loads first (the two are in different chunks).
 */
export const search = style([
  controlBox,
  {
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.sm,
    margin: vars.space.sm,
    selectors: {
      [`&.${controlBox}`]: { width: 'auto', padding: `0 ${vars.space.sm}` },
      // The box is the field: it shows the fields' focus ring while its input has focus.
      '&:focus-within': { borderColor: vars.color.primary, boxShadow: FOCUS_RING_SHADOW },
    },
  },
])
export const searchIcon = style({ flexShrink: 0, color: vars.color.textMuted })
export const searchInput = style({
  flex: 1,
  minWidth: 0,
  padding: `${vars.space.sm} 0`,
  border: 'none',
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.font.sizeSm,
  outline: 'none',
  selectors: { '&::-webkit-search-cancel-button': { display: 'none' } },
})

export const list = style({
  maxHeight: '16rem',
  overflowY: 'auto',
  padding: `0 ${vars.space.xs} ${vars.space.xs}`,
  outline: 'none',
})

export const listMessage = style({
  display: 'block',
  padding: `${vars.space.md} ${vars.space.sm}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  selectors: { '&[data-status="error"]': { color: vars.color.danger } },
})

/** A workspace of the list: the Menu primitive's row look (its item class), bold when current. */
export const item = style([menuItem.default, { selectors: { '&[data-selected]': { fontWeight: 600 } } }])
export const itemName = style({ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' })
export const check = style({ flexShrink: 0, color: vars.color.primary })

export const create = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderTop: `1px solid ${vars.color.border}`,
})
/** A section title over the create form, set apart from the field's own label. */
export const createHeading = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: '0.75rem',
  fontWeight: 600,
  letterSpacing: '0.02em',
  textTransform: 'uppercase',
})

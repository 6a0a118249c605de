/**
 * The overlay surfaces chunk (loaded through ./surfaces.tsx): everything the overlay
 * primitives draw once open, with react-aria-components' Popover, Dialog, Menu and Tooltip.
 */
export { TooltipSurface } from '../Tooltip/TooltipSurface.tsx'
export { MenuItemSurface, MenuSectionSurface, MenuSeparatorSurface, MenuSurface } from '../Menu/MenuSurface.tsx'
export { PopoverDialogSurface } from '../Popover/PopoverDialogSurface.tsx'

/**
 * The one z-index scale. Every layered surface takes its level from `zIndex`, never a
 * number of its own: page content (`base`), sticky headers and bars (`sticky`), in-flow dropdowns
 * that are not portalled (`dropdown`), portalled popovers and menus (`popover`), tooltips
 * (`tooltip`), the modal backdrop and dialog (`modal`, above everything but toasts) and toasts
 * (`toast`, always visible).
 *
 * Overlays portal to `<body>`, so one opened from inside another (a menu or tooltip in a modal, a
 * confirm dialog over a dialog) must sit above its parent whatever its own level: the overlay
 * primitives publish their level through `LayerContext`, and `useLayer` returns a child's level,
 * at least one above its parent's.
 */
import { createContext, useContext } from 'react'

export const zIndex = {
  base: 0,
  sticky: 100,
  dropdown: 200,
  popover: 300,
  tooltip: 400,
  modal: 500,
  toast: 600,
} as const

export type Layer = keyof typeof zIndex

/** The z-index of the overlay the current subtree renders in (`zIndex.base` outside overlays). */
export const LayerContext = createContext<number>(zIndex.base)

/** The z-index for an overlay of `layer` here: its level, or one above the enclosing overlay's. */
export function useLayer(layer: Layer): number {
  return Math.max(zIndex[layer], useContext(LayerContext) + 1)
}

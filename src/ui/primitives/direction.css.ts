/**
 * Right-to-left helpers: an icon that points along the reading direction (a chevron, a panel, an
 * exit arrow) mirrors under `<html dir="rtl">`.
 */
import { style } from '@vanilla-extract/css'

/** Mirrors its element in right-to-left pages. */
export const mirrored = style({ selectors: { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } })

/**
 * Text for assistive technology only: out of sight, still in the accessibility tree. A plain
 * class, for places where react-aria's `VisuallyHidden` component (hooks per instance) would be
 * mounted many times in one interaction (the palette's options, the bell's badge).
 */
import { style } from '@vanilla-extract/css'

export const visuallyHidden = style({ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' })

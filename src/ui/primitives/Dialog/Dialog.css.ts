/**
 * The Modal primitive's look: a dimmed backdrop on the `modal` layer (its z-index is
 * set inline from layers.ts), a raised card in two widths, header with title and Close, body,
 * footer with the actions at the end. Theme variables only (the backdrop is the theme's `scrim`).
 */
import { keyframes, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { overlayMotion } from '../Popover/overlayMotion.ts'

const fade = keyframes({ from: { opacity: 0 } })
const rise = keyframes({ from: { opacity: 0, transform: 'translateY(8px) scale(0.98)' } })

export const overlay = style([
  overlayMotion(fade, 160),
  {
    position: 'fixed',
    inset: 0,
    height: 'var(--visual-viewport-height, 100vh)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: vars.space.lg,
    background: vars.color.scrim,
  },
])

/** The backdrop of a modal that replaces the page (nothing behind it is meant to show). */
export const opaque = style({ background: vars.color.background })

const modal = style([
  overlayMotion(rise, 180),
  {
    width: '100%',
    maxHeight: '100%',
    display: 'flex',
    flexDirection: 'column',
    background: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.lg,
    boxShadow: vars.shadow.card,
    outline: 'none',
  },
])

export const size = styleVariants({ sm: [modal, { maxWidth: 400 }], md: [modal, { maxWidth: 560 }] })

export const dialog = style({ display: 'flex', flexDirection: 'column', minHeight: 0, outline: 'none' })

export const head = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.md,
  padding: `${vars.space.xl} ${vars.space.xl} 0`,
})

export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })

export const title = style({ margin: 0, fontSize: vars.font.sizeLg, fontWeight: 600, lineHeight: 1.3 })

export const description = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

/** Pulls the Close button up and right so its icon lines up with the title's first line. */
export const close = style({ marginTop: -4, marginInlineEnd: -8 })

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: `${vars.space.lg} ${vars.space.xl}`,
  overflowY: 'auto',
  minHeight: 0,
  lineHeight: 1.5,
})

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.xl} ${vars.space.xl}`,
})

/**
 * The toast region and its toasts (SPEC §3 Toast, with an icon per type, an optional
 * action, placed clear of the floating bug-report button). Theme variables only.
 */
import { style, styleVariants } from '@vanilla-extract/css'
import { zIndex } from './primitives/layers.ts'
import { vars } from './theme.css.ts'

/**
 * Above the floating bug-report button (src/ui/bugReport: 48 px, `space.xl` from the bottom and
 * right edges) with `space.lg` between them, so a toast never covers it.
 */
const CLEAR_OF_FAB = `calc(${vars.space.xl} + 48px + ${vars.space.lg})`

/** Phones: bottom-centre, the width of the screen less a margin; from 640 px: bottom-right. */
export const region = style({
  position: 'fixed',
  bottom: CLEAR_OF_FAB,
  insetInlineStart: vars.space.lg,
  insetInlineEnd: vars.space.lg,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.sm,
  zIndex: zIndex.toast,
  // The empty region lets clicks through to what is under it.
  pointerEvents: 'none',
  '@media': {
    '(min-width: 640px)': { insetInlineStart: 'auto', insetInlineEnd: vars.space.xl, alignItems: 'flex-end', width: 'min(420px, calc(100vw - 48px))' },
  },
})

const base = style({
  pointerEvents: 'auto',
  width: '100%',
  maxWidth: 420,
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.md} ${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  fontSize: vars.font.sizeSm,
})

export const toast = styleVariants({
  success: [base],
  info: [base],
  error: [base],
})

/** The type's icon, in the type's colour (the icon's shape says it too, not colour alone). */
const iconBase = style({ flexShrink: 0, marginTop: 1 })
export const icon = styleVariants({
  success: [iconBase, { color: vars.color.success }],
  info: [iconBase, { color: vars.color.primary }],
  error: [iconBase, { color: vars.color.danger }],
})

export const message = style({ flex: 1, lineHeight: 1.45, paddingTop: 1, overflowWrap: 'anywhere' })

/** The action ('Undo'): a ghost button in the primary colour, on the message's line. */
export const action = style({ marginTop: -4, marginBottom: -4, color: vars.color.primary, fontWeight: 600, flexShrink: 0 })

/** Lines the Dismiss button's icon up with the message's first line. */
export const dismiss = style({ marginTop: -4, marginBottom: -4, flexShrink: 0 })

/**
 * Styles shared by the settings pages (roles, role editor, team, invite): panels, badges,
 * checkboxes, secondary and danger buttons, and the dialogs. Theme variables only; interactive
 * states come from react-aria's data attributes.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.lg,
})

export const stack = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, maxWidth: 960 })

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' })

export const muted = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const status = style({ margin: 0, color: vars.color.textMuted })

export const note = style({
  margin: 0,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.background,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  lineHeight: 1.5,
})

export const badge = style({
  display: 'inline-block',
  padding: `2px ${vars.space.sm}`,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
})

export const badgeStrong = style([badge, { borderColor: vars.color.primary, color: vars.color.primary }])

const buttonBase = {
  appearance: 'none',
  borderRadius: vars.radius.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
  outline: 'none',
} as const

/** A quiet button (Cancel, Edit roles, Try again). */
export const secondaryButton = style({
  ...buttonBase,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  selectors: {
    '&[data-hovered]': { borderColor: vars.color.primary },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    // A denied GatedButton is aria-disabled (still focusable for its tooltip), not disabled.
    '&[data-disabled], &[data-pending], &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  },
})

/** A destructive button (Remove). */
export const dangerButton = style({
  ...buttonBase,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.dangerSurface,
  color: vars.color.danger,
  selectors: {
    '&[data-hovered]': { background: vars.color.surfaceRaised },
    '&[data-pressed]': { transform: 'translateY(1px)' },
    '&[data-focus-visible]': { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    // A denied GatedButton is aria-disabled (still focusable for its tooltip), not disabled.
    '&[data-disabled], &[data-pending], &[aria-disabled="true"]': { opacity: 0.6, cursor: 'not-allowed' },
  },
})

export const actions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap' })

// ---------------------------------------------------------------------------------------------
// Checkbox (react-aria Checkbox: the label wraps a hidden input; this is the visible box)

export const checkbox = style({
  display: 'inline-flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.6 },
    '&[data-readonly]': { cursor: 'default' },
  },
})

export const box = style({
  flex: 'none',
  width: 20,
  height: 20,
  borderRadius: vars.radius.sm,
  border: `2px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.primaryText,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  selectors: {
    [`${checkbox}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
    [`${checkbox}[data-hovered]:not([data-readonly]) &`]: { borderColor: vars.color.primary },
    [`${checkbox}[data-focus-visible] &`]: { boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    [`${checkbox}[data-invalid] &`]: { borderColor: vars.color.danger },
    [`${checkbox}[data-readonly][data-selected] &`]: { background: vars.color.textMuted, borderColor: vars.color.textMuted },
  },
})

export const checkboxText = style({ display: 'flex', flexDirection: 'column', gap: 2 })
export const checkboxLabel = style({ fontWeight: 600 })

export const checkboxGroup = style({ display: 'flex', flexDirection: 'column', gap: vars.space.md })

// ---------------------------------------------------------------------------------------------
// Dialogs

export const overlay = style({
  position: 'fixed',
  inset: 0,
  background: 'rgba(0, 0, 0, 0.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.lg,
  zIndex: 50,
})

export const modal = style({
  width: '100%',
  maxWidth: 480,
  maxHeight: 'calc(100vh - 32px)',
  overflow: 'auto',
  background: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  outline: 'none',
})

export const dialog = style({ padding: vars.space.xl, display: 'flex', flexDirection: 'column', gap: vars.space.lg, outline: 'none' })

export const dialogTitle = style({ margin: 0, fontSize: vars.font.sizeLg })

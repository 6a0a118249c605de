/** The sign-up-info form's team-size select. Theme variables only; states from react-aria's data attributes. */
import { style } from '@vanilla-extract/css'
import { vars } from '../ui/theme.css.ts'

export const selectButton = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  font: 'inherit',
  textAlign: 'left',
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focus-visible]': { borderColor: vars.color.primary, boxShadow: `0 0 0 3px ${vars.color.focusRing}` },
    '[data-invalid] > &': { borderColor: vars.color.danger },
    '&[data-disabled]': { opacity: 0.7, cursor: 'default' },
  },
})

export const selectValue = style({
  selectors: { '&[data-placeholder]': { color: vars.color.textMuted } },
})

export const popover = style({
  width: 'var(--trigger-width)',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  boxShadow: vars.shadow.card,
  overflow: 'auto',
})

export const listBox = style({ padding: vars.space.xs, outline: 'none' })

export const option = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  cursor: 'pointer',
  outline: 'none',
  selectors: {
    '&[data-focused]': { background: vars.color.background },
    '&[data-selected]': { fontWeight: 600, color: vars.color.primary },
  },
})

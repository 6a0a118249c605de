/** EmptyState styles: a dashed, centred panel with a muted icon, title, text and action. */
import { style } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'

export const root = style({
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xxl,
  textAlign: 'center',
  color: vars.color.textMuted,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  alignItems: 'center',
  '@media': { 'screen and (max-width: 767.98px)': { padding: vars.space.xl } },
})

export const icon = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 48,
  height: 48,
  borderRadius: '50%',
  background: vars.color.background,
  color: vars.color.textMuted,
  marginBottom: vars.space.xs,
})

export const title = style({ margin: 0, fontSize: vars.font.sizeLg, color: vars.color.text })

export const description = style({ margin: 0, maxWidth: '40rem', lineHeight: 1.5 })

export const action = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, justifyContent: 'center', marginTop: vars.space.sm })

/** PageHeader styles: breadcrumb over the h1, optional description, actions at the end. */
import { style } from '@vanilla-extract/css'
import { focusRing } from '../focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: vars.space.lg,
  marginBottom: vars.space.xl,
})

export const titles = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })

export const crumbs = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
})

export const crumb = style({ selectors: { '&:not(:last-child)::after': { content: '"/"', marginInlineStart: vars.space.xs } } })

export const link = style([
  focusRing,
  {
    color: vars.color.primary,
    fontWeight: 600,
    textDecoration: 'none',
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    selectors: {
      '&[data-hovered]': { textDecoration: 'underline' },
      '&[data-current]': { color: vars.color.text },
    },
  },
])

export const title = style({ margin: 0, fontSize: vars.font.sizeXl, lineHeight: 1.25, color: vars.color.text, overflowWrap: 'anywhere' })

export const description = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5, maxWidth: '48rem' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'center' })

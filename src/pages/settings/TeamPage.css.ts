import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

export const tableScroller = style({ overflowX: 'auto', border: `1px solid ${vars.color.border}`, borderRadius: vars.radius.md, background: vars.color.surface })

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.font.sizeSm, outline: 'none' })

export const column = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  textAlign: 'left',
  fontWeight: 600,
  color: vars.color.textMuted,
  borderBottom: `1px solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` } },
})

export const row = style({
  outline: 'none',
  selectors: {
    '&:not(:last-child)': { borderBottom: `1px solid ${vars.color.border}` },
    '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` },
  },
})

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  verticalAlign: 'middle',
  outline: 'none',
  selectors: { '&[data-focus-visible]': { boxShadow: `inset 0 0 0 2px ${vars.color.focusRing}` } },
})

export const name = style({ fontWeight: 600 })

export const rowActions = style({ display: 'flex', gap: vars.space.sm, justifyContent: 'flex-end', flexWrap: 'wrap' })

export const roles = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs })

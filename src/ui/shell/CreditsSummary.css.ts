/**
 * The header's credits summary. Theme variables only; the tone comes from `data-tone`
 * (normal, warning, critical) and link states from react-aria's data attributes. The theme has
 * no amber, so the warning tone is the danger colour softened into the surface, and critical is
 * the danger colour itself (plus an icon in the markup).
 */
import { type StyleRule, style } from '@vanilla-extract/css'
import { focusRing } from '../primitives/focus-ring.css.ts'
import { vars } from '../theme.css.ts'
import { header } from './Header.css.ts'

const warningFill = `color-mix(in srgb, ${vars.color.danger} 55%, ${vars.color.surface})`

/** The summary's box; as a link it also takes the one focus ring (`root`). */
const box: StyleRule = {
  display: 'inline-flex',
  alignItems: 'center',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    // SPEC §9: under 1024 px the header is compact and has no room for the summary.
    [`${header}[data-compact] &`]: { display: 'none' },
    '&[data-hovered]': { background: vars.color.background },
    '&[data-tone="warning"]': { borderColor: warningFill },
    '&[data-tone="critical"]': { borderColor: vars.color.danger, background: vars.color.dangerSurface },
    '&[aria-busy="true"]': { opacity: 0.7 },
  },
}
export const root = style([focusRing, box])

export const meter = style({
  display: 'grid',
  gridTemplateColumns: 'auto auto',
  alignItems: 'baseline',
  columnGap: vars.space.sm,
  rowGap: 2,
  minWidth: '8.5rem',
})

export const label = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 2,
  fontSize: vars.font.sizeSm,
  color: vars.color.textMuted,
  selectors: { [`${root}[data-tone="critical"] &`]: { color: vars.color.danger } },
})

export const icon = style({ flexShrink: 0 })

export const value = style({
  justifySelf: 'end',
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
})

export const remaining = style({
  selectors: { [`${root}[data-tone="critical"] &`]: { color: vars.color.danger } },
})

export const total = style({ color: vars.color.textMuted, fontWeight: 400 })

export const track = style({
  gridColumn: '1 / -1',
  display: 'block',
  height: 4,
  borderRadius: 2,
  background: vars.color.border,
  overflow: 'hidden',
})

export const fill = style({
  display: 'block',
  height: '100%',
  borderRadius: 2,
  background: vars.color.primary,
  selectors: {
    [`${root}[data-tone="warning"] &`]: { background: warningFill },
    [`${root}[data-tone="critical"] &`]: { background: vars.color.danger },
  },
})

/**
 * The header's credits summary ('7,500 credits left' over a bar of the share used). Theme variables only; the tone comes from `data-tone`
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
  font: 'inherit',
  background: 'transparent',
  cursor: 'pointer',
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
  display: 'flex',
  flexDirection: 'column',
  gap: 3,
  minWidth: '8.5rem',
})

/** '7,500 credits left': the number strong, the words muted; critical turns both the danger colour. */
export const value = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 4,
  fontSize: vars.font.sizeSm,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  selectors: { [`${root}[data-tone="critical"] &`]: { color: vars.color.danger } },
})

export const icon = style({ flexShrink: 0 })

export const remaining = style({ fontWeight: 600 })

export const unit = style({
  color: vars.color.textMuted,
  selectors: { [`${root}[data-tone="critical"] &`]: { color: vars.color.danger } },
})

/** The bar: it fills with the share USED this month, so a new month starts empty. */
export const track = style({
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

/** The usage popover of members without billing access: one line of text. */
export const usage = style({ padding: `${vars.space.sm} ${vars.space.md}`, fontSize: vars.font.sizeSm, outline: 'none', whiteSpace: 'nowrap' })

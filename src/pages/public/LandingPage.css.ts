/**
 * The landing page's own blocks: the hero (words beside the shell's picture from
 * 960 px, above it below), the feature grid and the closing call to action. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'
import { container } from './PublicLayout.css.ts'

const WIDE = 'screen and (min-width: 960px)'

export const hero = style([
  container,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: vars.space.xxl,
    alignItems: 'center',
    paddingBlock: `${vars.space.xxl} ${vars.space.xl}`,
    '@media': { [WIDE]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1.25fr)', paddingBlock: '72px 48px' } },
  },
])
export const heroText = style({ display: 'flex', flexDirection: 'column', gap: vars.space.lg, minWidth: 0 })
export const heroTitle = style({
  margin: 0,
  fontSize: 'clamp(2rem, 1.3rem + 3vw, 3.25rem)',
  lineHeight: 1.1,
  letterSpacing: '-0.025em',
  textWrap: 'balance',
})
export const points = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
})
export const point = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space.xs })
export const pointIcon = style({ color: vars.color.success, flex: 'none' })

/** A feature card: a little tighter on a phone, where they stack. */
export const feature = style({ '@media': { 'screen and (max-width: 719px)': { padding: vars.space.lg } } })
export const featureHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.md })
export const featureIcon = style({
  flex: 'none',
  width: 36,
  height: 36,
  borderRadius: vars.radius.md,
  display: 'grid',
  placeItems: 'center',
  color: vars.color.primary,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
})
export const sectionLead = style({ margin: `calc(-1 * ${vars.space.sm}) 0 ${vars.space.xl}`, color: vars.color.textMuted, maxWidth: 640, lineHeight: 1.55 })

export const closing = style([container, { paddingBlock: vars.space.xl }])
export const closingCard = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.card,
  padding: `${vars.space.xxl} ${vars.space.xl}`,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.md,
})

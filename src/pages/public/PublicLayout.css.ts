/**
 * The public pages' frame: header, main column and footer, plus the shared blocks
 * the pages are made of (page intro, sections, cards, prose). Theme variables only; one column
 * under 720 px, nothing wider than the viewport at 390 px.
 */
import { globalStyle, style } from '@vanilla-extract/css'
import { FLOATING_BUTTON_CLEARANCE, PHONE } from '../../ui/bugReport/BugReport.css.ts'
import { FOCUS_RING_SHADOW } from '../../ui/primitives/focus-ring.css.ts'
import { vars } from '../../ui/theme.css.ts'

/** The widest the content gets (px), centred. */
const MAX = 1120
const NARROW = 'screen and (max-width: 719px)'

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: vars.color.background })

/** Centres a band's content and keeps it off the edges. */
export const container = style({
  width: '100%',
  maxWidth: MAX,
  margin: '0 auto',
  paddingInline: vars.space.xl,
  '@media': { [NARROW]: { paddingInline: vars.space.lg } },
})

export const header = style({ borderBottom: `1px solid ${vars.color.border}`, background: vars.color.surface })
export const headerInner = style([
  container,
  { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.md, minHeight: 64 },
])

/** A text link of the header and footer: quiet until hovered, the theme's focus ring. */
export const navLink = style({
  color: vars.color.textMuted,
  textDecoration: 'none',
  fontWeight: 500,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  outline: 'none',
  selectors: {
    '&[data-hovered]': { color: vars.color.text },
    '&[data-focus-visible]': { boxShadow: FOCUS_RING_SHADOW },
    '&[aria-current="page"]': { color: vars.color.text },
  },
})

export const homeLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  borderRadius: vars.radius.sm,
  outline: 'none',
  display: 'inline-flex',
  selectors: { '&[data-focus-visible]': { boxShadow: FOCUS_RING_SHADOW } },
})

export const nav = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm, '@media': { [NARROW]: { gap: 0 } } })
/** Header links that give way on a phone (the footer still has them). */
export const wideOnly = style({ '@media': { [NARROW]: { display: 'none' } } })

export const main = style({ flex: 1, outline: 'none' })

export const footer = style({ borderTop: `1px solid ${vars.color.border}`, background: vars.color.surface, marginTop: vars.space.xxl })
export const footerInner = style([
  container,
  {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) repeat(3, minmax(0, 1fr))',
    gap: vars.space.xl,
    paddingBlock: vars.space.xxl,
    // The floating bug-report button never covers the footer's last line (on phones it docks after the footer).
    paddingBottom: FLOATING_BUTTON_CLEARANCE,
    '@media': { [NARROW]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }, [PHONE]: { paddingBottom: vars.space.xxl } },
  },
])
export const footerBrand = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  '@media': { [NARROW]: { gridColumn: '1 / -1' } },
})
export const footerText = style({ margin: 0 })
export const footerColumn = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })
export const footerHeading = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.font.sizeSm, fontWeight: 600, color: vars.color.text })
export const footerList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: vars.space.xs })
globalStyle(`${footerList} a`, { marginInlineStart: `calc(-1 * ${vars.space.sm})`, fontSize: vars.font.sizeSm })

// Blocks the pages share

/** A page's opening: its h1 and a line or two under it. */
export const intro = style([container, { paddingBlock: `${vars.space.xxl} ${vars.space.xl}`, display: 'flex', flexDirection: 'column', gap: vars.space.md }])
globalStyle(`${intro} > p`, { maxWidth: 720 })
export const introCentered = style({ textAlign: 'center', alignItems: 'center' })
/** On the legal pages' reading column. */
export const introNarrow = style({ maxWidth: 760 })
export const eyebrow = style({
  margin: 0,
  color: vars.color.primary,
  fontWeight: 600,
  fontSize: vars.font.sizeSm,
  letterSpacing: '0.04em',
  textTransform: 'uppercase',
})
export const title = style({
  margin: 0,
  fontSize: 'clamp(1.75rem, 1.2rem + 2.4vw, 2.75rem)',
  lineHeight: 1.15,
  letterSpacing: '-0.02em',
  overflowWrap: 'anywhere',
})
export const lead = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeLg,
  lineHeight: 1.55,
  '@media': { [NARROW]: { fontSize: vars.font.sizeMd } },
})

/** A band of the page with its own heading. */
export const section = style([container, { paddingBlock: vars.space.xl }])
export const sectionTitle = style({ margin: `0 0 ${vars.space.lg}`, fontSize: vars.font.sizeXl, lineHeight: 1.25, letterSpacing: '-0.01em' })

/** Cards side by side, as many as fit (one column on a phone). */
export const cardGrid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 280px), 1fr))',
  gap: vars.space.lg,
  listStyle: 'none',
  margin: 0,
  padding: 0,
})
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.xl,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.sm,
  minWidth: 0,
})
export const cardTitle = style({ margin: 0, fontSize: vars.font.sizeLg, lineHeight: 1.3 })
export const cardText = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.55 })
export const meta = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm })

/** A small label on a card ('Coming soon', 'Most teams'). */
export const badge = style({
  alignSelf: 'flex-start',
  padding: `2px ${vars.space.sm}`,
  borderRadius: 999,
  border: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.font.sizeSm,
  fontWeight: 600,
})

/** Running text (the legal pages): a readable measure, spaced headings. */
export const prose = style([container, { maxWidth: 760, marginInline: 'auto', paddingBottom: vars.space.xl, lineHeight: 1.65 }])
globalStyle(`${prose} h2`, { fontSize: vars.font.sizeLg, margin: `${vars.space.xl} 0 ${vars.space.sm}`, lineHeight: 1.3 })
globalStyle(`${prose} p, ${prose} ul`, { margin: `0 0 ${vars.space.md}`, color: vars.color.textMuted })
globalStyle(`${prose} li`, { marginBottom: vars.space.xs })

/** A link inside running text: the primary colour, underlined, the theme's focus ring. */
export const textLink = style({
  color: vars.color.primary,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
  borderRadius: 2,
  outline: 'none',
  overflowWrap: 'anywhere',
  selectors: { '&[data-focus-visible]': { boxShadow: FOCUS_RING_SHADOW } },
})

/** Buttons in a row, wrapping on a phone. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })

/** Paragraphs and buttons one under another, evenly spaced. */
export const stack = style({ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: vars.space.lg })

/**
 * Switch styles: a track with a thumb that slides right when on, the label beside it
 * and the description under the label. The whole clickable label carries the focus ring.
 */
import { style, styleVariants } from '@vanilla-extract/css'
import { focusRing } from '../focus-ring.css.ts'
import { vars } from '../../theme.css.ts'

const TRACK_WIDTH = 40
const TRACK_HEIGHT = 24
const BORDER = 2
const THUMB = 14
const INSET = (TRACK_HEIGHT - 2 * BORDER - THUMB) / 2

const fieldBase = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xs, minWidth: 0 })

/** The field: the switch, then the description (indented under the label when the track leads). */
export const field = styleVariants({
  end: [fieldBase],
  start: [fieldBase, { width: '100%' }],
})

const buttonBase = style([
  focusRing,
  {
    display: 'inline-flex',
    alignItems: 'center',
    gap: vars.space.md,
    borderRadius: vars.radius.sm,
    cursor: 'pointer',
    color: vars.color.text,
    selectors: {
      '&[data-disabled]': { opacity: 0.6, cursor: 'not-allowed' },
      '&[data-readonly]': { cursor: 'default' },
    },
  },
])

/** The clickable label holding track and text: track first (`end`) or text first (`start`, spread across the row). */
export const button = styleVariants({
  end: [buttonBase],
  start: [buttonBase, { flexDirection: 'row-reverse', justifyContent: 'space-between' }],
})

export const track = style({
  flex: 'none',
  position: 'relative',
  width: TRACK_WIDTH,
  height: TRACK_HEIGHT,
  borderRadius: TRACK_HEIGHT / 2,
  border: `${BORDER}px solid ${vars.color.textMuted}`,
  background: vars.color.background,
  transition: 'background-color 120ms, border-color 120ms',
  selectors: {
    [`${buttonBase}[data-hovered]:not([data-readonly]) &`]: { borderColor: vars.color.primary },
    [`${buttonBase}[data-selected] &`]: { background: vars.color.primary, borderColor: vars.color.primary },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

export const thumb = style({
  position: 'absolute',
  top: INSET,
  left: INSET,
  width: THUMB,
  height: THUMB,
  borderRadius: '50%',
  background: vars.color.textMuted,
  transition: 'transform 120ms',
  selectors: {
    [`${buttonBase}[data-selected] &`]: {
      background: vars.color.primaryText,
      transform: `translateX(${TRACK_WIDTH - 2 * BORDER - THUMB - 2 * INSET}px)`,
    },
  },
  '@media': { '(prefers-reduced-motion: reduce)': { transition: 'none' } },
})

export const label = style({ fontWeight: 600 })

const descriptionBase = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.font.sizeSm, lineHeight: 1.5 })

export const description = styleVariants({
  end: [descriptionBase, { paddingLeft: `calc(${TRACK_WIDTH}px + ${vars.space.md})` }],
  start: [descriptionBase, { paddingRight: `calc(${TRACK_WIDTH}px + ${vars.space.md})` }],
})

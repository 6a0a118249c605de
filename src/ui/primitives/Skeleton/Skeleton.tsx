/**
 * Skeleton: placeholders with the rough shape of content that is loading — lines
 * of text, blocks (a card, a chart) or circles (avatars) — replacing the settings pages'
 * `Loading` line.
 *
 * The shapes are decoration (`aria-hidden`); a polite `role="status"` region says the `label`
 * ('Loading…' unless overridden, e.g. 'Loading team members…') to screen readers only. The
 * pulse stops under `prefers-reduced-motion: reduce`.
 *
 * Props: `shape?` ('line' | 'block' | 'circle', default 'line'); `count?` (how many, default
 * 1; the last of several lines is shorter); `width?` / `height?` (CSS lengths, override the
 * shape's size); `label?`.
 */
import { VisuallyHidden } from 'react-aria-components'
import { useTranslator } from '../../../i18n/react.tsx'
import { primitivesMessages as m } from '../primitives.messages.ts'
import * as css from './Skeleton.css.ts'

/** The placeholder shapes (story control options). */
export const SKELETON_SHAPES = ['line', 'block', 'circle'] as const
export type SkeletonShape = (typeof SKELETON_SHAPES)[number]

/** What screen readers hear while the placeholders show (English; the reader's language on screen). */
export const DEFAULT_LOADING_LABEL = 'Loading…'

export interface SkeletonProps {
  readonly shape?: SkeletonShape
  readonly count?: number
  readonly width?: string | number
  readonly height?: string | number
  readonly label?: string
}

/** Loading placeholders with a polite status for screen readers. */
export function Skeleton({ shape = 'line', count = 1, width, height, label }: SkeletonProps) {
  const { t } = useTranslator()
  const size = width === undefined && height === undefined ? undefined : { width, height }
  return (
    <div role="status" className={css.root}>
      <VisuallyHidden>{label ?? t(m.loading)}</VisuallyHidden>
      <div className={css.group[shape]} aria-hidden="true">
        {Array.from({ length: Math.max(1, count) }, (_, i) => (
          <span key={i} className={css.shape[shape]} style={size} />
        ))}
      </div>
    </div>
  )
}

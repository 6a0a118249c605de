/**
 * SegmentedControl primitive: one choice out of a few, as a pill of toggle buttons
 * (react-aria `ToggleButtonGroup`, `selectionMode="single"`, `disallowEmptySelection`): e.g. the
 * notifications' All / Unread. For a choice that switches panels use react-aria `Tabs` instead.
 * Props: `options: readonly { id: K; label: string; count?: number }[]` (a count shows as a badge
 * and joins the option's name, 'Unread (3)'), `selectedKey: K`, `onSelectionChange: (key: K) =>
 * void`, `aria-label: string` (what is chosen: 'Show'), `size?: 'sm' | 'md'`
 * (`SEGMENTED_CONTROL_SIZES`, default 'md'), `isDisabled?: boolean`.
 */
import { SelectionIndicator, ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import * as css from './SegmentedControl.css.ts'

export const SEGMENTED_CONTROL_SIZES = ['sm', 'md'] as const
export type SegmentedControlSize = (typeof SEGMENTED_CONTROL_SIZES)[number]

export interface SegmentedOption<K extends string> {
  id: K
  label: string
  count?: number
}

export interface SegmentedControlProps<K extends string> {
  options: readonly SegmentedOption<K>[]
  selectedKey: K
  onSelectionChange: (key: K) => void
  'aria-label': string
  size?: SegmentedControlSize
  isDisabled?: boolean
}

export function SegmentedControl<K extends string>({
  options,
  selectedKey,
  onSelectionChange,
  size = 'md',
  isDisabled,
  'aria-label': ariaLabel,
}: SegmentedControlProps<K>) {
  return (
    <ToggleButtonGroup
      aria-label={ariaLabel}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[selectedKey]}
      onSelectionChange={(keys) => {
        const [key] = keys
        if (key !== undefined && key !== selectedKey) onSelectionChange(key as K)
      }}
      isDisabled={isDisabled}
      className={css.group}
    >
      {options.map((option) => (
        <ToggleButton
          key={option.id}
          id={option.id}
          aria-label={option.count === undefined ? undefined : `${option.label} (${option.count})`}
          className={css.size[size]}
        >
          <SelectionIndicator className={css.indicator} />
          <span className={css.content}>
            {option.label}
            {option.count === undefined ? null : (
              <span className={css.count} aria-hidden="true">
                {option.count}
              </span>
            )}
          </span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

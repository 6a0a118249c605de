/**
 * Switch: an on/off setting, replacing the notification settings' `Toggle` switch.
 *
 * react-aria SwitchField + SwitchButton (the successors of the deprecated `Switch`): a visible
 * track and thumb, the label beside it, and an optional description that react-aria links to
 * the switch (`aria-describedby`). The input has role `switch`, named by `label`.
 *
 * Props: `label`; `description?`; `isSelected` + `onChange(selected)` (controlled) or
 * `defaultSelected`; `isDisabled?`; `isReadOnly?`; `name?`; `value?`; `autoFocus?`;
 * `labelPosition?` ('end': track then label, default; 'start': label then track, across the row).
 */
import type { ReactNode } from 'react'
import { SwitchButton, SwitchField, Text } from 'react-aria-components'
import * as css from './Switch.css.ts'

/** Where the label sits relative to the track (story control options). */
export const SWITCH_LABEL_POSITIONS = ['end', 'start'] as const
export type SwitchLabelPosition = (typeof SWITCH_LABEL_POSITIONS)[number]

export interface SwitchProps {
  /** The visible label; also the switch's accessible name. */
  readonly label: ReactNode
  /** Help text under the label, read with the switch. */
  readonly description?: ReactNode
  /** Whether it is on, when controlled (with `onChange`). */
  readonly isSelected?: boolean
  /** Whether it starts on, when not controlled. */
  readonly defaultSelected?: boolean
  readonly onChange?: (isSelected: boolean) => void
  readonly isDisabled?: boolean
  readonly isReadOnly?: boolean
  readonly name?: string
  readonly value?: string
  readonly autoFocus?: boolean
  readonly labelPosition?: SwitchLabelPosition
}

/** A labelled on/off switch with a visible track and thumb. */
export function Switch({ label, description, labelPosition = 'end', ...props }: SwitchProps) {
  return (
    <SwitchField className={css.field[labelPosition]} {...props}>
      <SwitchButton className={css.button[labelPosition]}>
        <span className={css.track} aria-hidden="true">
          <span className={css.thumb} />
        </span>
        <span className={css.label}>{label}</span>
      </SwitchButton>
      {description && (
        <Text slot="description" className={css.description[labelPosition]}>
          {description}
        </Text>
      )}
    </SwitchField>
  )
}

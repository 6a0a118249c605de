/**
 * Checkbox and CheckboxGroup: a labelled check box, and a labelled group of them (the settings
 * pages' forms).
 *
 * Checkbox: react-aria CheckboxField + CheckboxButton (the successors of the deprecated
 * `Checkbox`) with a visible box: a check icon when selected, a dash when `isIndeterminate`.
 * Inside a CheckboxGroup it takes `value` and the group decides whether it is selected; in a
 * react-aria Table it serves as the row selection box (`slot="selection"`). A checkbox without
 * visible text (a grid cell) takes `aria-label`.
 *   Props: `children?` (visible label); `aria-label?`; `description?`; `isSelected` +
 *   `onChange(selected)` or `defaultSelected`; `isIndeterminate?`; `value?`; `name?`;
 *   `isDisabled?`; `isReadOnly?`; `isInvalid?`; `isRequired?`; `autoFocus?`; `slot?`.
 *
 * CheckboxGroup: react-aria CheckboxGroup with a label, an optional description and an `error`
 * (marks the group and its boxes invalid; shown by FieldError, linked for screen readers).
 *   Props: `label`; `value` + `onChange(values)` or `defaultValue`; `description?`; `error?`;
 *   `isDisabled?`; `isReadOnly?`; `isRequired?`; `name?`; `children` (Checkboxes).
 */
import CheckIcon from 'lucide-react/icons/check'
import MinusIcon from 'lucide-react/icons/minus'
import type { ReactNode } from 'react'
import { CheckboxButton, CheckboxField, CheckboxGroup as AriaCheckboxGroup, FieldError, Label, Text } from 'react-aria-components'
import { displayKnown } from '../../../i18n/known-text.ts'
import type { DisplayText } from '../../../i18n/messages.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import * as field from '../TextField/TextField.css.ts'
import { visuallyHidden } from '../visuallyHidden.css.ts'
import * as css from './Checkbox.css.ts'

export interface CheckboxProps {
  /** The visible label. Omit it only with `aria-label`. */
  readonly children?: ReactNode
  /** For a checkbox without visible text (a grid cell): what a person would call it. */
  readonly 'aria-label'?: string
  /** Help text under the label, read with the checkbox. */
  readonly description?: ReactNode
  /** Whether it is ticked, when controlled; omitted inside a CheckboxGroup, which decides from `value`. */
  readonly isSelected?: boolean
  readonly defaultSelected?: boolean
  readonly onChange?: (isSelected: boolean) => void
  /** Neither ticked nor clear (some of what it stands for is selected): shows a dash. */
  readonly isIndeterminate?: boolean
  /** Its value in a CheckboxGroup or a form. */
  readonly value?: string
  readonly name?: string
  readonly isDisabled?: boolean
  readonly isReadOnly?: boolean
  readonly isInvalid?: boolean
  readonly isRequired?: boolean
  readonly autoFocus?: boolean
  /** `'selection'` for a react-aria Table's or GridList's selection box. */
  readonly slot?: string
}

/** A react-aria checkbox with a visible box; `children` is its visible label. */
export function Checkbox({ children, description, ...props }: CheckboxProps) {
  return (
    <CheckboxField className={css.field} {...props}>
      <CheckboxButton className={css.button}>
        {({ isSelected, isIndeterminate }) => (
          <>
            <span className={css.box} aria-hidden="true">
              {isIndeterminate ? <MinusIcon size={14} strokeWidth={3} /> : isSelected ? <CheckIcon size={14} strokeWidth={3} /> : null}
            </span>
            {children !== undefined && children !== null && <span className={css.label}>{children}</span>}
          </>
        )}
      </CheckboxButton>
      {description && (
        <Text slot="description" className={`${field.description} ${css.description}`}>
          {description}
        </Text>
      )}
    </CheckboxField>
  )
}

/**
 * A row's selection box in a long list: the same box as {@link Checkbox}, on a native
 * `<input type="checkbox">` (named by `aria-label`; Space and a click toggle it, as any
 * checkbox). react-aria's checkbox mounts press, hover and focus hooks per instance, which was
 * most of a row's render while a virtual list scrolls new rows in; the platform's input needs none.
 * `onChange(selected)` receives the new state.
 */
export function RowCheckbox({ isSelected, onChange, 'aria-label': label }: { isSelected: boolean; onChange: (isSelected: boolean) => void; 'aria-label': string }) {
  return (
    <label className={css.button} data-native="" data-selected={isSelected || undefined}>
      <input type="checkbox" className={visuallyHidden} checked={isSelected} onChange={(event) => onChange(event.currentTarget.checked)} aria-label={label} />
      <span className={css.box} aria-hidden="true">
        {isSelected && <CheckIcon size={14} strokeWidth={3} />}
      </span>
    </label>
  )
}

export interface CheckboxGroupProps {
  /** The group's visible label; also its accessible name. */
  readonly label: ReactNode
  /** The selected values, when controlled (with `onChange`). */
  readonly value?: ReadonlyArray<string>
  readonly defaultValue?: ReadonlyArray<string>
  /** The whole new list of selected values. */
  readonly onChange?: (value: string[]) => void
  readonly description?: ReactNode
  /** The group's error; the group is marked invalid while it is present. */
  readonly error?: DisplayText | null | undefined
  readonly isDisabled?: boolean
  readonly isReadOnly?: boolean
  readonly isRequired?: boolean
  readonly name?: string
  /** The Checkboxes, each with a `value`. */
  readonly children: ReactNode
}

/** A labelled group of Checkboxes reporting the selected values, with its description and error. */
export function CheckboxGroup({ label, value, defaultValue, description, error, children, ...props }: CheckboxGroupProps) {
  const translator = useTranslator()
  return (
    <AriaCheckboxGroup
      className={css.group}
      {...props}
      value={value ? [...value] : undefined}
      defaultValue={defaultValue ? [...defaultValue] : undefined}
      isInvalid={Boolean(error)}
    >
      <Label className={field.label}>{label}</Label>
      {description && (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      )}
      {children}
      <FieldError className={field.fieldError}>{error ? displayKnown(translator, error) : null}</FieldError>
    </AriaCheckboxGroup>
  )
}

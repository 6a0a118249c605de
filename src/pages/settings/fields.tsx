/**
 * Form pieces shared by the settings pages, all react-aria-components: a labelled text field and
 * text area with their error, a checkbox with a visible box, and the loading and load-failed
 * blocks. Values and errors come from a machine; these components only render and report.
 */
import CheckIcon from 'lucide-react/icons/check'
import type { ReactNode } from 'react'
import { Button, Checkbox, FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components'
import * as form from '../../ui/SignInPage.css.ts'
import * as css from './settings.css.ts'

export interface TextFieldProps {
  readonly label: string
  readonly value: string
  readonly onChange?: (value: string) => void
  /** The field's error; the field is marked invalid when present. */
  readonly error?: string | undefined
  readonly description?: string
  readonly type?: 'text' | 'email' | 'password' | 'url'
  readonly autoComplete?: string
  readonly isDisabled?: boolean
  readonly isReadOnly?: boolean
  readonly isRequired?: boolean
  /** Renders a multi-line text area instead of a single-line input. */
  readonly multiline?: boolean
}

/** A labelled text input (or text area) with its description and error message. */
export function FormTextField({ label, error, description, multiline = false, type = 'text', ...props }: TextFieldProps) {
  return (
    <TextField className={form.field} type={type} {...props} isInvalid={Boolean(error)}>
      <Label className={form.label}>{label}</Label>
      {multiline ? <TextArea className={form.input} rows={3} /> : <Input className={form.input} />}
      {description && (
        <Text slot="description" className={css.muted}>
          {description}
        </Text>
      )}
      <FieldError className={form.fieldError}>{error}</FieldError>
    </TextField>
  )
}

export interface CheckProps {
  /** Omitted inside a `CheckboxGroup`, which decides from `value`. */
  readonly isSelected?: boolean
  readonly onChange?: (selected: boolean) => void
  /** For a checkbox without visible text (a grid cell): what a person would call it. */
  readonly 'aria-label'?: string
  readonly value?: string
  readonly isDisabled?: boolean
  readonly isReadOnly?: boolean
  readonly children?: ReactNode
}

/** A react-aria checkbox with a visible box; `children` is its visible label. */
export function FormCheckbox({ children, ...props }: CheckProps) {
  return (
    <Checkbox className={css.checkbox} {...props}>
      {({ isSelected }) => (
        <>
          <span className={css.box} aria-hidden="true">
            {isSelected && <CheckIcon size={14} strokeWidth={3} />}
          </span>
          {children}
        </>
      )}
    </Checkbox>
  )
}

/** The polite "loading" line of a page. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={css.status}>
      {children}
    </p>
  )
}

/** A load that failed: the reason and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={form.alert}>
      <div className={css.row}>
        <span>{message}</span>
        <Button className={css.secondaryButton} onPress={onRetry}>
          Try again
        </Button>
      </div>
    </div>
  )
}

/** The form-level error of a save (a refusal no field can carry). */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null
  return (
    <div role="alert" className={form.alert}>
      {message}
    </div>
  )
}

/**
 * TextField: the one labelled text input of the app (the sign-in form, the settings pages and
 * every other form use it).
 *
 * A react-aria TextField with a Label, an Input (or a TextArea when `multiline`), an optional
 * description and a FieldError. `error` marks the field invalid (`aria-invalid`, `data-invalid`)
 * and is shown by FieldError, which react-aria links to the input through `aria-describedby`
 * together with the description. Works in a react-aria `Form` with `validationBehavior="aria"`
 * (the sign-in form): the error comes from the machine, never from the browser; the contract's
 * own English words in it are shown in the reader's language (src/i18n/known-text.ts). What is
 * typed takes its own direction (`dir="auto"`): an address reads left to right on an Arabic page,
 * Arabic typed on an English one right to left; an empty field follows the page (theme.css.ts
 * has the same rule for an uncontrolled field's placeholder).
 *
 * Props: `label`; `value` + `onChange` (controlled) or `defaultValue`; `error?`; `description?`;
 * `type?` ('text' | 'email' | 'password' | 'url' | 'search'); `autoComplete?`; `name?`;
 * `placeholder?`; `isRequired?` / `isDisabled?` / `isReadOnly?`; `multiline?` (+ `rows?`);
 * `autoFocus?`.
 */
import type { ReactNode } from 'react'
import { FieldError, Input, Label, Text, TextArea, TextField as AriaTextField } from 'react-aria-components'
import { displayKnown } from '../../../i18n/known-text.ts'
import type { DisplayText } from '../../../i18n/messages.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import * as css from './TextField.css.ts'

/** The input types a TextField takes (story control options). */
export const TEXT_FIELD_TYPES = ['text', 'email', 'password', 'url', 'search'] as const
export type TextFieldType = (typeof TEXT_FIELD_TYPES)[number]

export interface TextFieldProps {
  /** The visible label; also the input's accessible name. */
  readonly label: string
  /** The value, when the field is controlled (with `onChange`). */
  readonly value?: string
  /** The first value, when the field is not controlled. */
  readonly defaultValue?: string
  readonly onChange?: (value: string) => void
  readonly onBlur?: () => void
  /** The field's error message; the field is marked invalid while it is present (non-empty). */
  readonly error?: DisplayText | null | undefined
  /** Help text under the field, read with it by screen readers. */
  readonly description?: ReactNode
  readonly type?: TextFieldType
  readonly autoComplete?: string
  readonly name?: string
  readonly placeholder?: string
  readonly isRequired?: boolean
  readonly isDisabled?: boolean
  readonly isReadOnly?: boolean
  /** A multi-line text area instead of a single-line input. */
  readonly multiline?: boolean
  /** Visible lines of a `multiline` field (default 3). */
  readonly rows?: number
  /** Focus the field when it appears (the first field of a form switched to). */
  readonly autoFocus?: boolean
  /** The on-screen keyboard to offer: `numeric` for one-time codes. */
  readonly inputMode?: 'numeric' | 'text'
}

/** A labelled text input (or text area) with its description and error. */
export function TextField({ label, error, description, multiline = false, rows = 3, type = 'text', placeholder, onBlur, ...props }: TextFieldProps) {
  const translator = useTranslator()
  // Empty, the field follows the page (Chromium would resolve an empty `auto` field left to right).
  const dir = props.value === '' ? undefined : 'auto'
  return (
    <AriaTextField className={css.field} type={type} {...props} onBlur={onBlur ? () => onBlur() : undefined} isInvalid={Boolean(error)}>
      <Label className={css.label}>{label}</Label>
      {multiline ? (
        <TextArea className={`${css.control} ${css.textArea}`} rows={rows} placeholder={placeholder} dir={dir} />
      ) : (
        <Input className={css.control} placeholder={placeholder} dir={dir} />
      )}
      {description && (
        <Text slot="description" className={css.description}>
          {description}
        </Text>
      )}
      <FieldError className={css.fieldError}>{error ? displayKnown(translator, error) : null}</FieldError>
    </AriaTextField>
  )
}

/**
 * Select: pick one item from a short list (e.g. the team size on the sign-up information page).
 *
 * react-aria Select: a Label, a button showing the chosen item (or the placeholder), an optional
 * description and a FieldError, and a ListBox in the Popover primitive (as wide as the button). `error` marks the field invalid and is shown by FieldError, linked for screen
 * readers; it works in a `validationBehavior="aria"` Form. Keyboard: Enter, Space or the arrow
 * keys open the list, arrows move, Enter picks, Escape closes; typing jumps to a label.
 *
 * Props: `label`; `items` ({ id, label }[]); `selectedKey` + `onSelectionChange(id | null)`
 * (controlled) or `defaultSelectedKey`; `placeholder?`; `description?`; `error?`;
 * `isDisabled?`; `isRequired?`; `name?`; `autoFocus?`. The id type flows from `items`
 * to `onSelectionChange`.
 */
import CheckIcon from 'lucide-react/icons/check'
import ChevronDownIcon from 'lucide-react/icons/chevron-down'
import type { ReactNode } from 'react'
import { Button, FieldError, Label, ListBox, ListBoxItem, Select as AriaSelect, SelectValue, Text } from 'react-aria-components'
import { Popover } from '../Popover/Popover.tsx'
import * as field from '../TextField/TextField.css.ts'
import { displayKnown } from '../../../i18n/known-text.ts'
import type { DisplayText } from '../../../i18n/messages.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import { primitivesMessages as m } from '../primitives.messages.ts'
import * as css from './Select.css.ts'

export interface SelectItem<Id extends string = string> {
  readonly id: Id
  /** What the list and the button show; also what typing matches. */
  readonly label: string
  /** The label's language when it differs from the page's (a language's own name), for screen readers. */
  readonly lang?: string
}

export interface SelectProps<Id extends string = string> {
  /** The visible label; also the button's accessible name (with its value). */
  readonly label: string
  readonly items: ReadonlyArray<SelectItem<Id>>
  /** The chosen item's id, or null for none, when controlled (with `onSelectionChange`). */
  readonly selectedKey?: Id | null
  readonly defaultSelectedKey?: Id | null
  readonly onSelectionChange?: (id: Id | null) => void
  /** Shown while nothing is chosen. */
  readonly placeholder?: string
  readonly description?: ReactNode
  /** The field's error; the field is marked invalid while it is present. */
  readonly error?: DisplayText | null | undefined
  readonly isDisabled?: boolean
  readonly isRequired?: boolean
  readonly name?: string
  readonly autoFocus?: boolean
}

/** A labelled single-choice select with its list in a popover. */
export function Select<Id extends string = string>({
  label,
  items,
  selectedKey,
  defaultSelectedKey,
  onSelectionChange,
  placeholder,
  description,
  error,
  ...props
}: SelectProps<Id>) {
  const translator = useTranslator()
  const { t } = translator
  const idOf = (key: unknown): Id | null => items.find((item) => item.id === key)?.id ?? null
  return (
    <AriaSelect
      className={css.root}
      {...props}
      placeholder={placeholder ?? t(m.choose)}
      value={selectedKey}
      defaultValue={defaultSelectedKey}
      onChange={(key) => onSelectionChange?.(idOf(key))}
      isInvalid={Boolean(error)}
    >
      <Label className={field.label}>{label}</Label>
      <Button className={css.button}>
        <SelectValue className={css.value} />
        <ChevronDownIcon className={css.chevron} size={16} aria-hidden="true" />
      </Button>
      {description && (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      )}
      <FieldError className={field.fieldError}>{error ? displayKnown(translator, error) : null}</FieldError>
      <Popover className={css.popover} offset={4} placement="bottom start">
        <ListBox className={css.listBox} items={items}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className={css.option}>
              {({ isSelected }) => (
                <>
                  {item.lang ? <span lang={item.lang}>{item.label}</span> : item.label}
                  {isSelected && <CheckIcon size={16} aria-hidden="true" />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  )
}

/**
 * The quiet hours editor's time zone picker (issue #17): a react-aria ComboBox over every IANA
 * zone this browser knows (src/pages/preferences/timeZones.ts). Typing filters the list
 * ("berl" finds "Europe/Berlin"); arrows move, Enter picks, Escape closes, the button opens the
 * whole list. Text that names no listed zone is still handed over when the field loses focus or
 * Enter is pressed, so the contract can refuse it with its message ('Choose a time zone from the
 * list') instead of the field silently putting the old zone back.
 *
 * Props: `label`; `value` (the zone id shown, possibly one the contract refuses); `onCommit(id)`
 * (a chosen or typed zone, resolved by `resolveTimeZone`; only when it differs from `value`);
 * `error?`; `description?`; `isDisabled?`.
 */
import ChevronDownIcon from 'lucide-react/icons/chevron-down'
import { type ReactNode, useMemo } from 'react'
import { Button, ComboBox, FieldError, Input, Label, ListBox, ListBoxItem, Text } from 'react-aria-components'
import { Popover } from '../../ui/primitives/Popover/Popover.tsx'
import * as select from '../../ui/primitives/Select/Select.css.ts'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import { resolveTimeZone, timeZoneLabel, timeZoneOptions } from './timeZones.ts'
import * as css from './TimeZoneField.css.ts'

export interface TimeZoneFieldProps {
  readonly label: string
  /** The zone shown (an IANA id; a refused one shows as typed). */
  readonly value: string
  /** Called with the zone a person picked or typed, when it differs from `value`. */
  readonly onCommit: (zone: string) => void
  readonly error?: string | undefined
  readonly description?: ReactNode
  readonly isDisabled?: boolean
}

/** A labelled, filterable time zone picker that reports what was picked or typed. */
export function TimeZoneField({ label, value, onCommit, error, description, isDisabled }: TimeZoneFieldProps) {
  const options = useMemo(() => timeZoneOptions(value), [value])
  const listed = options.some((o) => o.id === value)
  // The text is react-aria's own (it follows `value`); it is read back only to hand over typed zones.
  const commit = (text: string) => {
    const zone = resolveTimeZone(text, options)
    if (zone !== value) onCommit(zone)
  }
  return (
    <ComboBox
      className={css.root}
      items={options}
      value={listed ? value : null}
      onChange={(key) => {
        if (key !== null) commit(String(key))
      }}
      defaultInputValue={timeZoneLabel(value)}
      allowsCustomValue
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
    >
      <Label className={field.label}>{label}</Label>
      <div className={css.control}>
        <Input
          className={css.input}
          onBlur={(e) => commit(e.currentTarget.value)}
          onKeyDown={(e) => {
            // With the list open, Enter picks the focused zone (onChange); closed, it hands over the text.
            if (e.key === 'Enter' && e.currentTarget.getAttribute('aria-expanded') !== 'true') commit(e.currentTarget.value)
          }}
        />
        <Button className={css.button} aria-label="Show all time zones">
          <ChevronDownIcon size={16} aria-hidden="true" />
        </Button>
      </div>
      {description && (
        <Text slot="description" className={field.description}>
          {description}
        </Text>
      )}
      <FieldError className={field.fieldError}>{error}</FieldError>
      <Popover className={css.popover} offset={4} placement="bottom start">
        <ListBox className={select.listBox}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} textValue={item.label} className={select.option}>
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}

/**
 * The quiet hours editor's time zone picker: a react-aria ComboBox over every IANA
 * zone this browser knows (src/pages/preferences/timeZones.ts). Each row shows the zone's id and,
 * once the time zone data has loaded (with this field, not the first load), its name, country,
 * abbreviations and main cities. Typing searches all of those, best match first ("berl", "kolkata",
 * "india", "calcutta", "cet", "pst"; "pacific" leads with Pacific Time); arrows move, Enter picks, Escape closes and puts the chosen
 * zone back; the button (or Alt+ArrowDown) opens the whole list at the chosen zone. Typed text
 * is handed over when the field loses focus or Enter is pressed with no row highlighted, so the
 * contract can refuse a zone it does not know with its message ('Choose a time zone from the
 * list') instead of the field silently putting the old zone back.
 *
 * The popover renders only the rows in view (react-aria's Virtualizer): some 420 zones rendered
 * at once made opening and typing slow on a busy machine. The text is held here, so a zone saved
 * elsewhere replaces it while what a person is typing is left alone.
 *
 * Props: `label`; `value` (the zone id shown, possibly one the contract refuses); `onCommit(id)`
 * (a chosen or typed zone, resolved by `resolveTimeZone`; only when it differs from `value`);
 * `error?`; `description?`; `isDisabled?`.
 */
import ChevronDownIcon from 'lucide-react/icons/chevron-down'
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import {
  Button,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListLayout,
  Text,
  Virtualizer,
} from 'react-aria-components'
import { quietHoursMessages as m } from '../../../machines/preferences/preferences.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { Popover } from '../../ui/primitives/Popover/Popover.tsx'
import * as select from '../../ui/primitives/Select/Select.css.ts'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import {
  loadTimeZoneData,
  loadedTimeZoneData,
  resolveTimeZone,
  searchTimeZones,
  timeZoneLabel,
  timeZoneOptions,
  type TimeZoneOption,
} from './timeZones.ts'
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

/** Rows as the Select's options lay them out (px): the estimate is corrected once rows are measured. */
const LIST_LAYOUT = { estimatedRowHeight: 52, gap: 2, padding: 4 } as const

/**
 * Scrolls `list` so the row of `zone`, number `index` (0-based), is in the middle of its view.
 * The list is virtual, so the row may not be rendered yet: the first jump goes to where
 * LIST_LAYOUT's estimate puts it, which renders it; the next frames centre the row as measured,
 * until that position holds (at most `frames`; react-aria may also put a changed list back at its
 * top as it opens). Only the list scrolls: scrolling the page would close it.
 */
function scrollToRow(list: RefObject<HTMLDivElement | null>, zone: string, index: number, frames = 10) {
  let centred: number | null = null
  const step = (left: number) => {
    const box = list.current
    if (box) {
      const row = box.querySelector<HTMLElement>(`[data-key="${CSS.escape(zone)}"]`)
      if (row && centred !== null && Math.abs(box.scrollTop - centred) < 1) return
      const { height, top } = row
        ? { height: row.offsetHeight, top: row.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop }
        : { height: LIST_LAYOUT.estimatedRowHeight, top: LIST_LAYOUT.padding + index * (LIST_LAYOUT.estimatedRowHeight + LIST_LAYOUT.gap) }
      const wanted = Math.max(0, top - (box.clientHeight - height) / 2)
      box.scrollTop = wanted
      if (row) centred = box.scrollTop
    }
    if (left > 0) requestAnimationFrame(() => step(left - 1))
  }
  requestAnimationFrame(() => step(frames))
}

/** A labelled, filterable time zone picker that reports what was picked or typed. */
export function TimeZoneField({ label, value, onCommit, error, description, isDisabled }: TimeZoneFieldProps) {
  const [data, setData] = useState(loadedTimeZoneData)
  const { t } = useTranslator()
  useEffect(() => {
    // Without the data (its chunk failed to load) the field still finds zones by id.
    if (data === null) loadTimeZoneData().then(setData, () => {})
  }, [data])
  const options = useMemo(() => timeZoneOptions(value, data), [value, data])
  const listed = options.some((o) => o.id === value)
  const [text, setText] = useState(() => timeZoneLabel(value))
  // A new zone from outside (a save answered, a refused draft, another tab) replaces the text;
  // an unchanged one leaves what the person is typing alone.
  const [shownValue, setShownValue] = useState(value)
  if (shownValue !== value) {
    setShownValue(value)
    setText(timeZoneLabel(value))
  }
  const listRef = useRef<HTMLDivElement>(null)
  // The chosen zone's own text lists every zone (the button opens it so); anything typed searches,
  // best first. Every zone stays in the collection (matches first, the filter hides the rest), so
  // react-aria always knows the chosen one: Escape puts its text back.
  const showAll = text === timeZoneLabel(value)
  const { items, matchLabels } = useMemo(() => {
    if (showAll) return { items: options, matchLabels: null }
    const matches = searchTimeZones(options, text)
    const ids = new Set(matches.map((m) => m.id))
    return { items: [...matches, ...options.filter((o) => !ids.has(o.id))], matchLabels: new Set(matches.map((m) => m.label)) }
  }, [options, text, showAll])
  const commit = (typed: string) => {
    const zone = resolveTimeZone(typed, options)
    if (zone !== value) onCommit(zone)
  }
  return (
    <ComboBox
      className={css.root}
      defaultItems={items}
      defaultFilter={(textValue) => matchLabels === null || matchLabels.has(textValue)}
      value={listed ? value : null}
      inputValue={text}
      onInputChange={setText}
      // Both the value and the text are ours, so a pick (and Escape, which re-picks the chosen
      // zone) arrives here and the text is set to match.
      onChange={(key) => {
        if (key === null) return
        setText(timeZoneLabel(String(key)))
        commit(String(key))
      }}
      // The whole list (button, Alt+ArrowDown) opens at the chosen zone; react-aria would leave a virtual list at its top.
      onOpenChange={(isOpen, trigger) => {
        const chosen = options.findIndex((o) => o.id === value)
        if (isOpen && trigger === 'manual' && chosen >= 0) scrollToRow(listRef, value, chosen)
      }}
      allowsCustomValue
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
    >
      <Label className={field.label}>{label}</Label>
      <div className={css.control}>
        <Input
          className={css.input}
          dir="auto"
          onBlur={(e) => {
            // Focus moving into the list (a click on a row of a list that is closing) is a pick, not a leave.
            if (e.relatedTarget instanceof Node && listRef.current?.contains(e.relatedTarget)) return
            commit(e.currentTarget.value)
          }}
          onKeyDown={(e) => {
            // On a highlighted row Enter picks it (onChange); otherwise, list open or not, it hands over the text.
            if (e.key === 'Enter' && !e.currentTarget.getAttribute('aria-activedescendant')) commit(e.currentTarget.value)
          }}
        />
        <Button className={css.button} aria-label={t(m.showAllTimeZones)}>
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
        <Virtualizer layout={ListLayout} layoutOptions={LIST_LAYOUT}>
          <ListBox className={css.listBox} ref={listRef}>
            {(item: TimeZoneOption) => (
              <ListBoxItem id={item.id} textValue={item.label} className={`${select.option} ${css.option}`}>
                <Text slot="label">{item.label}</Text>
                {item.detail !== undefined && (
                  <Text slot="description" className={css.detail}>
                    {item.detail}
                  </Text>
                )}
              </ListBoxItem>
            )}
          </ListBox>
        </Virtualizer>
      </Popover>
    </ComboBox>
  )
}

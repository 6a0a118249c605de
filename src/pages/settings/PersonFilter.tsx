/**
 * The audit log's person filter (Audit log): a react-aria ComboBox whose choices the server
 * answers for what is typed (`auditLog.searchPeople`, debounced by the `auditLog` actor; at most
 * 20, by name or email), so a workspace of thousands of members is searched, never listed whole.
 * 'Everyone' comes first; picking a choice sends `auditLog.filter`. The choices are not filtered
 * again here: the server's answer is the list.
 */
import { useSelector } from '@xstate/react'
import ChevronDownIcon from 'lucide-react/icons/chevron-down'
import { useMemo } from 'react'
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem } from 'react-aria-components'
import { AUDIT_ACTORS_MAX_QUERY_LENGTH } from '../../../contract/audit.ts'
import { auditLogMessages as m } from '../../../machines/auditLog/auditLog.messages.ts'
import { ALL_FILTER_ID, selectActorChoices, selectAuditFilters } from '../../../machines/auditLog/auditLog.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { Popover } from '../../ui/primitives/Popover/Popover.tsx'
import * as select from '../../ui/primitives/Select/Select.css.ts'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import * as css from '../preferences/TimeZoneField.css.ts'
import type { AuditLogActor } from './AuditLogView.tsx'

export function PersonFilter({ actor }: { actor: AuditLogActor }) {
  const filters = useSelector(actor, selectAuditFilters)
  const choices = useSelector(actor, selectActorChoices)
  const { t, text } = useTranslator()
  const people = useMemo(() => choices.map((c) => ({ id: c.id, label: text(c.label) })), [choices, text])
  return (
    <ComboBox
      className={css.root}
      items={people}
      selectedKey={filters.actor ?? ALL_FILTER_ID}
      menuTrigger="focus"
      allowsEmptyCollection
      onInputChange={(value) => {
        // Picking a choice writes its label into the field: that is no search.
        if (!people.some((p) => p.label === value)) actor.send({ type: 'auditLog.searchPeople', query: value.slice(0, AUDIT_ACTORS_MAX_QUERY_LENGTH) })
      }}
      onSelectionChange={(id) => {
        if (id === null) return
        actor.send({ type: 'auditLog.filter', filters: { ...filters, actor: id === ALL_FILTER_ID ? null : String(id) } })
      }}
    >
      <Label className={field.label}>{t(m.person)}</Label>
      <div className={css.control}>
        <Input className={css.input} placeholder={t(m.personPlaceholder)} dir="auto" />
        <Button className={css.button} aria-label={t(m.showPeople)}>
          <ChevronDownIcon size={16} aria-hidden="true" />
        </Button>
      </div>
      <Popover className={css.popover} offset={4} placement="bottom start">
        <ListBox className={css.listBox} renderEmptyState={() => <p className={select.option}>{t(m.noPeople)}</p>}>
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} textValue={item.label} className={select.option}>
              <span dir="auto">{item.label}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  )
}

/**
 * The 'Roles' checkbox group of the roles dialog and the invite form: the CheckboxGroup primitive
 * with one Checkbox per permission set (its name and a 'System' mark; its description read with
 * it), and the group's error.
 */
import type { PermissionSet } from '../../../contract/api.ts'
import { rolesMessages as m } from '../../../machines/roleDeletion/roleDeletion.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { Checkbox, CheckboxGroup } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import * as settings from './settings.css.ts'

export interface RoleCheckboxesProps {
  readonly sets: ReadonlyArray<PermissionSet>
  readonly selection: ReadonlyArray<string>
  readonly onChange: (next: string[]) => void
  readonly error: string | null | undefined
  readonly isDisabled: boolean
  readonly description?: string
}

/** A 'Roles' group with one checkbox per permission set (name, 'System' mark, description). */
export function RoleCheckboxes({ sets, selection, onChange, error, isDisabled, description }: RoleCheckboxesProps) {
  const { t } = useTranslator()
  return (
    <CheckboxGroup label={t(m.checkboxesLabel)} value={selection} onChange={onChange} error={error} isDisabled={isDisabled} description={description}>
      {sets.map((set) => (
        <Checkbox key={set._id} value={set._id} description={set.description || undefined}>
          <span dir="auto">{set.name}</span>
          {set.is_system && <span className={settings.muted}>{t(m.systemMark)}</span>}
        </Checkbox>
      ))}
    </CheckboxGroup>
  )
}

/**
 * The 'Roles' checkbox group of the roles dialog and the invite form: one react-aria checkbox per
 * permission set (name, a 'System' mark, description), with the group's error.
 */
import { CheckboxGroup, FieldError, Label, Text } from 'react-aria-components'
import type { PermissionSet } from '../../../contract/api.ts'
import * as formCss from '../../ui/SignInPage.css.ts'
import { FormCheckbox } from './fields.tsx'
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
  return (
    <CheckboxGroup className={settings.checkboxGroup} value={[...selection]} onChange={onChange} isInvalid={Boolean(error)} isDisabled={isDisabled}>
      <Label className={formCss.label}>Roles</Label>
      {description && (
        <Text slot="description" className={settings.muted}>
          {description}
        </Text>
      )}
      {sets.map((set) => (
        <FormCheckbox key={set._id} value={set._id}>
          <span className={settings.checkboxText}>
            <span className={settings.checkboxLabel}>
              {set.name}
              {set.is_system && <span className={settings.muted}> · System</span>}
            </span>
            {set.description && <span className={settings.muted}>{set.description}</span>}
          </span>
        </FormCheckbox>
      ))}
      <FieldError className={formCss.fieldError}>{error}</FieldError>
    </CheckboxGroup>
  )
}

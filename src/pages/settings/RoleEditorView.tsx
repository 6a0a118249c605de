/**
 * The role editor's view (SPEC §3 Permission set, resources and actions): Name, Description and
 * the resource × action grid of checkboxes, for whatever state the `roleEditor` actor is in.
 * It only reads the snapshot through selectors and sends events; the page owns the actor and
 * turns its emitted events into toasts and navigation. Stories render it with a saved state.
 */
import { useSelector } from '@xstate/react'
import { type FormEvent, memo, useId } from 'react'
import { Form } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { RoleEditorMachine } from '../../../machines/roleEditor/roleEditor.machine.ts'
import {
  selectDescription,
  selectFieldErrors,
  selectFormError,
  selectIsCreating,
  selectLoadError,
  selectName,
  selectOriginalName,
  selectPermissionGrid,
  selectRoleEditorStatus,
} from '../../../machines/roleEditor/roleEditor.selectors.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { Checkbox } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import { ROLES_CRUMBS, ROLES_PATH } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import * as css from './RoleEditorPage.css.ts'
import * as settings from './settings.css.ts'

export type RoleEditorActor = ActorRefFrom<RoleEditorMachine>

/** The note shown on a system set (ours). */
export const SYSTEM_ROLE_NOTE =
  'This is a system role: it is built in, shared by every workspace, and cannot be changed. To grant a different set of permissions, create a custom role.'

export function RoleEditorView({ actor }: { actor: RoleEditorActor }) {
  const status = useSelector(actor, selectRoleEditorStatus)
  const creating = useSelector(actor, selectIsCreating)
  const originalName = useSelector(actor, selectOriginalName)
  const loadError = useSelector(actor, selectLoadError)

  const title = creating ? 'Create role' : status === 'notFound' ? 'Role not found' : (originalName ?? 'Role')
  const header = <PageHeader title={title} crumbs={ROLES_CRUMBS} />

  if (status === 'loading') {
    return (
      <div className={settings.stack}>
        {header}
        <Skeleton shape="block" count={3} height={56} label="Loading role…" />
      </div>
    )
  }
  if (status === 'loadFailed') {
    return (
      <div className={settings.stack}>
        {header}
        <LoadFailed message={loadError ?? 'Could not load the role.'} onRetry={() => actor.send({ type: 'role.retry' })} />
      </div>
    )
  }
  if (status === 'notFound') {
    return (
      <div className={settings.stack}>
        {header}
        <EmptyState
          title="There is no such role in this workspace"
          description="It may have been deleted, or the address may be mistyped."
          action={
            <LinkButton href={ROLES_PATH} variant="secondary">
              Back to User Roles
            </LinkButton>
          }
        />
      </div>
    )
  }
  return (
    <div className={settings.stack}>
      {header}
      <RoleForm actor={actor} title={title} />
    </div>
  )
}

function RoleForm({ actor, title }: { actor: RoleEditorActor; title: string }) {
  const status = useSelector(actor, selectRoleEditorStatus)
  const creating = useSelector(actor, selectIsCreating)
  const name = useSelector(actor, selectName)
  const description = useSelector(actor, selectDescription)
  const fieldErrors = useSelector(actor, selectFieldErrors)
  const formError = useSelector(actor, selectFormError)
  const readOnly = status === 'readOnly'
  // `saved` is shown like `saving` for the moment before the page navigates away.
  const busy = status === 'saving' || status === 'saved'

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'role.save' })
  }

  return (
    <Form className={settings.stack} onSubmit={submit} validationBehavior="aria" aria-label={title}>
      {readOnly && (
        <p role="note" className={settings.note}>
          {SYSTEM_ROLE_NOTE}
        </p>
      )}
      <FormAlert message={formError} />
      <div className={css.fields}>
        <TextField
          label="Name"
          value={name}
          onChange={(value) => actor.send({ type: 'role.changeName', value })}
          error={fieldErrors.name}
          isRequired={!readOnly}
          isReadOnly={readOnly}
          isDisabled={busy}
        />
        <TextField
          label="Description"
          value={description}
          onChange={(value) => actor.send({ type: 'role.changeDescription', value })}
          error={fieldErrors.description}
          description={readOnly ? undefined : 'Optional: who this role is for.'}
          multiline
          isReadOnly={readOnly}
          isDisabled={busy}
        />
      </div>
      <PermissionGrid actor={actor} isReadOnly={readOnly} isDisabled={busy} error={fieldErrors.permissions} />
      <div className={settings.actions}>
        {readOnly ? (
          <LinkButton href={ROLES_PATH} variant="secondary">
            Back to User Roles
          </LinkButton>
        ) : (
          <>
            <LinkButton href={ROLES_PATH} variant="secondary" isDisabled={busy}>
              Cancel
            </LinkButton>
            <GatedButton type="submit" resource="PERMISSION_SETS" action={creating ? 'CREATE' : 'UPDATE'} isPending={busy}>
              {creating ? 'Create role' : 'Save role'}
            </GatedButton>
          </>
        )}
      </div>
    </Form>
  )
}

/**
 * Rows are the metadata's resources (label and description), columns its actions ('View',
 * 'Edit'...). Each checkbox is named by its action and resource, e.g. "View Team Members".
 * A tri-state box per row ('All permissions for Contacts') and per column ('Create on
 * every resource'), ticked when all its boxes are, a dash when some are.
 */
// Memoised: 180-odd checkboxes must not re-render on every keystroke in Name.
const PermissionGrid = memo(function PermissionGrid({
  actor,
  isReadOnly,
  isDisabled,
  error,
}: {
  actor: RoleEditorActor
  isReadOnly: boolean
  isDisabled: boolean
  error: string | undefined
}) {
  const grid = useSelector(actor, selectPermissionGrid)
  const labelId = useId()
  const helpId = useId()
  const errorId = useId()
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={error ? `${helpId} ${errorId}` : helpId} className={css.group}>
      <h2 id={labelId} className={`${field.label} ${css.flush}`}>
        Permissions
      </h2>
      <p id={helpId} className={field.description}>
        {isReadOnly ? 'What people with this role may do on each resource.' : 'Tick what people with this role may do on each resource.'}
      </p>
      {/* Above the table: 26 rows down, an error below it would go unseen. */}
      {error && (
        <p id={errorId} className={`${field.fieldError} ${css.flush}`}>
          {error}
        </p>
      )}
      <div className={css.gridHost}>
        <div className={css.gridFrame} data-invalid={error ? true : undefined}>
          <table className={css.grid}>
            <thead className={css.head}>
              <tr>
                <th scope="col" className={css.resourceHeader}>
                  Resource
                </th>
                <th scope="col" className={css.allHeader}>
                  All
                </th>
                {/* Each action's box ticks or clears it on every resource; a row of chips when stacked. */}
                {grid.columns.map((c) => (
                  <th scope="col" key={c.action} className={css.columnHeader}>
                    <Checkbox
                      aria-label={`${c.label} on every resource`}
                      isSelected={c.state === 'all'}
                      isIndeterminate={c.state === 'some'}
                      onChange={() => actor.send({ type: 'role.toggleColumn', action: c.action })}
                      isReadOnly={isReadOnly}
                      isDisabled={isDisabled}
                    >
                      {c.label}
                    </Checkbox>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={css.body}>
              {grid.rows.map((row) => (
                <tr key={row.resource} className={css.gridRow}>
                  <th scope="row" className={css.rowHeader}>
                    <span className={css.resourceLabel}>{row.label}</span> <span className={css.resourceDescription}>{row.description}</span>
                  </th>
                  <td className={css.cell}>
                    <Checkbox
                      aria-label={`All permissions for ${row.label}`}
                      isSelected={row.state === 'all'}
                      isIndeterminate={row.state === 'some'}
                      onChange={() => actor.send({ type: 'role.toggleResource', resource: row.resource })}
                      isReadOnly={isReadOnly}
                      isDisabled={isDisabled}
                    >
                      <span className={css.stackedName} aria-hidden="true">
                        All
                      </span>
                    </Checkbox>
                  </td>
                  {grid.columns.map((c) => (
                    <td key={c.action} className={css.cell}>
                      <Checkbox
                        aria-label={`${c.label} ${row.label}`}
                        isSelected={row.checked.includes(c.action)}
                        onChange={() => actor.send({ type: 'role.toggleAction', resource: row.resource, action: c.action })}
                        isReadOnly={isReadOnly}
                        isDisabled={isDisabled}
                      >
                        {/* The column's name beside the box once the rows stack (under 768 px); the box keeps its aria-label. */}
                        <span className={css.stackedName} aria-hidden="true">
                          {c.label}
                        </span>
                      </Checkbox>
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </div>
  )
})

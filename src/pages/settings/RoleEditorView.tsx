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
  type GridColumn,
  type GridRow,
} from '../../../machines/roleEditor/roleEditor.selectors.ts'
import { roleEditorMessages as m } from '../../../machines/roleEditor/roleEditor.messages.ts'
import { type PermissionAction, PermissionActions, type PermissionResource, PermissionResources } from '../../../contract/api.ts'
import { localized } from '../../../contract/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { actionLabel, resourceDescription, resourceLabel } from '../../../contract/permissions.messages.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { Checkbox } from '../../ui/primitives/Checkbox/Checkbox.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'
import { ROLES_CRUMBS, ROLES_PATH, localCrumbs } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import * as css from './RoleEditorPage.css.ts'
import * as settings from './settings.css.ts'

export type RoleEditorActor = ActorRefFrom<RoleEditorMachine>

export function RoleEditorView({ actor }: { actor: RoleEditorActor }) {
  const status = useSelector(actor, selectRoleEditorStatus)
  const creating = useSelector(actor, selectIsCreating)
  const originalName = useSelector(actor, selectOriginalName)
  const loadError = useSelector(actor, selectLoadError)
  const translator = useTranslator()
  const { t } = translator

  const title = creating ? t(m.createRole) : status === 'notFound' ? t(m.notFoundTitle) : (originalName ?? t(m.role))
  const header = <PageHeader title={title} crumbs={localCrumbs(translator, ROLES_CRUMBS)} />

  if (status === 'loading') {
    return (
      <div className={settings.stack}>
        {header}
        <Skeleton shape="block" count={3} height={56} label={t(m.loading)} />
      </div>
    )
  }
  if (status === 'loadFailed') {
    return (
      <div className={settings.stack}>
        {header}
        <LoadFailed message={loadError ?? localized(m.loadFailed)} onRetry={() => actor.send({ type: 'role.retry' })} />
      </div>
    )
  }
  if (status === 'notFound') {
    return (
      <div className={settings.stack}>
        {header}
        <EmptyState
          title={t(m.notFound)}
          description={t(m.notFoundHelp)}
          action={
            <LinkButton href={ROLES_PATH} variant="secondary">
              {t(m.backToRoles)}
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
  const { t } = useTranslator()
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
          {t(m.systemNote)}
        </p>
      )}
      <FormAlert message={formError} />
      <div className={css.fields}>
        <TextField
          label={t(m.name)}
          value={name}
          onChange={(value) => actor.send({ type: 'role.changeName', value })}
          error={fieldErrors.name}
          isRequired={!readOnly}
          isReadOnly={readOnly}
          isDisabled={busy}
        />
        <TextField
          label={t(m.description)}
          value={description}
          onChange={(value) => actor.send({ type: 'role.changeDescription', value })}
          error={fieldErrors.description}
          description={readOnly ? undefined : t(m.descriptionHelp)}
          multiline
          isReadOnly={readOnly}
          isDisabled={busy}
        />
      </div>
      <PermissionGrid actor={actor} isReadOnly={readOnly} isDisabled={busy} error={fieldErrors.permissions} />
      <div className={settings.actions}>
        {readOnly ? (
          <LinkButton href={ROLES_PATH} variant="secondary">
            {t(m.backToRoles)}
          </LinkButton>
        ) : (
          <>
            <LinkButton href={ROLES_PATH} variant="secondary" isDisabled={busy}>
              {t(m.cancel)}
            </LinkButton>
            <GatedButton type="submit" resource="PERMISSION_SETS" action={creating ? 'CREATE' : 'UPDATE'} isPending={busy}>
              {creating ? t(m.createRole) : t(m.saveRole)}
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
  const { t } = useTranslator()
  const action = (c: GridColumn) => columnLabel(t, c)
  const resource = (row: GridRow) => rowLabel(t, row)
  const labelId = useId()
  const helpId = useId()
  const errorId = useId()
  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={error ? `${helpId} ${errorId}` : helpId} className={css.group}>
      <h2 id={labelId} className={`${field.label} ${css.flush}`}>
        {t(m.permissions)}
      </h2>
      <p id={helpId} className={field.description}>
        {isReadOnly ? t(m.permissionsHelpReadOnly) : t(m.permissionsHelp)}
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
                  {t(m.resource)}
                </th>
                <th scope="col" className={css.allHeader}>
                  {t(m.all)}
                </th>
                {/* Each action's box ticks or clears it on every resource; a row of chips when stacked. */}
                {grid.columns.map((c) => (
                  <th scope="col" key={c.action} className={css.columnHeader}>
                    <Checkbox
                      aria-label={t(m.columnAll, { action: action(c) })}
                      isSelected={c.state === 'all'}
                      isIndeterminate={c.state === 'some'}
                      onChange={() => actor.send({ type: 'role.toggleColumn', action: c.action })}
                      isReadOnly={isReadOnly}
                      isDisabled={isDisabled}
                    >
                      {action(c)}
                    </Checkbox>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className={css.body}>
              {grid.rows.map((row) => (
                <tr key={row.resource} className={css.gridRow}>
                  <th scope="row" className={css.rowHeader}>
                    <span className={css.resourceLabel}>{resource(row)}</span> <span className={css.resourceDescription}>{rowDescription(t, row)}</span>
                  </th>
                  <td className={css.cell}>
                    <Checkbox
                      aria-label={t(m.rowAll, { resource: resource(row) })}
                      isSelected={row.state === 'all'}
                      isIndeterminate={row.state === 'some'}
                      onChange={() => actor.send({ type: 'role.toggleResource', resource: row.resource })}
                      isReadOnly={isReadOnly}
                      isDisabled={isDisabled}
                    >
                      <span className={css.stackedName} aria-hidden="true">
                        {t(m.all)}
                      </span>
                    </Checkbox>
                  </td>
                  {grid.columns.map((c) => (
                    <td key={c.action} className={css.cell}>
                      <Checkbox
                        aria-label={t(m.cell, { action: action(c), resource: resource(row) })}
                        isSelected={row.checked.includes(c.action)}
                        onChange={() => actor.send({ type: 'role.toggleAction', resource: row.resource, action: c.action })}
                        isReadOnly={isReadOnly}
                        isDisabled={isDisabled}
                      >
                        {/* The column's name beside the box once the rows stack (under 768 px); the box keeps its aria-label. */}
                        <span className={css.stackedName} aria-hidden="true">
                          {action(c)}
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

// The metadata's labels are the server's English: a known code shows its translated label instead.
const isKnownAction = (action: string): action is PermissionAction => (PermissionActions as ReadonlyArray<string>).includes(action)
const isKnownResource = (resource: string): resource is PermissionResource => (PermissionResources as ReadonlyArray<string>).includes(resource)

/** A column's action label ('View', 'Edit'...) in `t`'s language. */
function columnLabel(t: Translator['t'], column: GridColumn): string {
  return isKnownAction(column.action) ? t(actionLabel(column.action)) : column.label
}

/** A row's resource label in `t`'s language. */
function rowLabel(t: Translator['t'], row: GridRow): string {
  return isKnownResource(row.resource) ? t(resourceLabel(row.resource)) : row.label
}

/** A row's resource description in `t`'s language. */
function rowDescription(t: Translator['t'], row: GridRow): string {
  return isKnownResource(row.resource) ? t(resourceDescription(row.resource)) : row.description
}

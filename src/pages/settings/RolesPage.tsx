/**
 * /app/setting/roles, User Roles (SPEC §2.4 Account & Billing; §3 Permission set): every
 * permission set of the org, system sets marked 'System' and read-only, custom sets linking to
 * their editor, each with its description and how many resources it covers.
 *
 * The list is the permissions actor's (`GET /permissions/permission-sets`, the same list the
 * app's own permissions are built from), so a saved role shows here as soon as it is refetched.
 *
 * Each custom role has 'Delete' (PERMISSION_SETS delete) behind a confirmation naming
 * it, run by a `roleDeletion` actor (src/system/roleDeletion.ts); a role still held by members or
 * pending invitations is refused and the dialog shows the server's message naming them.
 */
import { useSelector } from '@xstate/react'
import { Heading, Link, VisuallyHidden } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import type { RoleDeletionMachine } from '../../../machines/roleDeletion/roleDeletion.machine.ts'
import { selectRoleDeletionDialog } from '../../../machines/roleDeletion/roleDeletion.selectors.ts'
import { selectPermissionSets } from '../../../machines/permissions/permissions.selectors.ts'
import { usePermissionStatus, usePermissionsActor, usePermissionsState } from '../../system/react.tsx'
import { useRoleDeletionActor } from '../../system/roleDeletion.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import * as page from '../../ui/Page.css.ts'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { CREATE_ROLE_PATH, ROLES_CRUMBS, rolePath } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import { useGoTo } from './navigation.ts'
import * as css from './RolesPage.css.ts'
import * as settings from './settings.css.ts'

/** Shown when the list could not be loaded (ours). */
export const ROLES_LOAD_FAILED_MESSAGE = 'Could not load the roles.'

export type RoleDeletionActor = ActorRefFrom<RoleDeletionMachine>

export function RolesPage() {
  return <RolesView deletion={useRoleDeletionActor()} />
}

/** The list and the delete confirmation, whatever state the deletion actor is in (stories hand it one from a saved state). */
export function RolesView({ deletion }: { deletion: RoleDeletionActor }) {
  const status = usePermissionStatus()
  const sets = usePermissionsState(selectPermissionSets)
  const permissions = usePermissionsActor()
  const goTo = useGoTo()
  return (
    <div className={settings.stack}>
      <PageHeader
        title="User Roles"
        crumbs={ROLES_CRUMBS}
        actions={
          <GatedButton resource="PERMISSION_SETS" action="CREATE" onPress={() => goTo(CREATE_ROLE_PATH)}>
            Create role
          </GatedButton>
        }
      />
      <p className={page.text}>
        A role is a set of permissions. System roles are built in and read-only; create a custom role to grant exactly what a team needs.
      </p>
      {status === 'failed' ? (
        <LoadFailed message={ROLES_LOAD_FAILED_MESSAGE} onRetry={() => permissions.send({ type: 'permissions.retry' })} />
      ) : status !== 'ready' ? (
        <Skeleton shape="block" count={3} height={72} label="Loading roles…" />
      ) : sets.length === 0 ? (
        <EmptyState title="No roles yet" />
      ) : (
        <ul className={css.list} aria-label="Roles">
          {sets.map((set) => (
            <RoleItem key={set._id} set={set} onDelete={() => deletion.send({ type: 'roleDeletion.request', set })} />
          ))}
        </ul>
      )}
      <DeleteRoleDialog deletion={deletion} />
    </div>
  )
}

/** The confirmation naming the role; the server's refusal (who still holds it) shows inside it. */
function DeleteRoleDialog({ deletion }: { deletion: RoleDeletionActor }) {
  const dialog = useSelector(deletion, selectRoleDeletionDialog)
  if (dialog === null) return null
  const cancel = () => deletion.send({ type: 'roleDeletion.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={`Delete the role "${dialog.set.name}"?`}
      description="It is removed for good. A role still given to a member or a pending invitation cannot be deleted."
      isOpen
      onOpenChange={(open) => {
        if (!open) cancel()
      }}
      isDismissable={!dialog.busy}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={dialog.busy} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => deletion.send({ type: 'roleDeletion.confirm' })} isPending={dialog.busy}>
            Delete role
          </Button>
        </>
      }
    >
      <FormAlert message={dialog.error} />
    </Modal>
  )
}

function RoleItem({ set, onDelete }: { set: PermissionSet; onDelete: () => void }) {
  const resources = new Set(set.permissions.filter((p) => p.actions.length > 0).map((p) => p.resource)).size
  return (
    <li className={css.item}>
      <Heading level={2} className={css.title}>
        <Link href={rolePath(set._id)} className={css.link}>
          {set.name}
        </Link>
        {set.is_system && (
          <>
            <span className={settings.badgeStrong}>System</span>
            <span className={settings.badge}>Read-only</span>
          </>
        )}
      </Heading>
      <span className={css.count}>{resources === 1 ? '1 resource' : `${resources} resources`}</span>
      {set.description && <p className={css.description}>{set.description}</p>}
      {!set.is_system && (
        <div className={css.itemActions}>
          <GatedButton resource="PERMISSION_SETS" action="DELETE" variant="danger" size="sm" onPress={onDelete}>
            Delete<VisuallyHidden> role {set.name}</VisuallyHidden>
          </GatedButton>
        </div>
      )}
    </li>
  )
}

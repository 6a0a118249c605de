/**
 * /app/setting/roles, User Roles (SPEC §2.4 Account & Billing; §3 Permission set): every
 * permission set of the org, system sets marked 'System' and read-only, custom sets linking to
 * their editor, each with its description and how many resources it covers.
 *
 * The list is the permissions actor's (`GET /permissions/permission-sets`, the same list the
 * app's own permissions are built from), so a saved role shows here as soon as it is refetched.
 */
import { Heading, Link } from 'react-aria-components'
import type { PermissionSet } from '../../../contract/api.ts'
import { selectPermissionSets } from '../../../machines/permissions/permissions.selectors.ts'
import { usePermissionStatus, usePermissionsActor, usePermissionsState } from '../../system/react.tsx'
import { GatedButton } from '../../ui/GatedButton.tsx'
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

export function RolesPage() {
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
            <RoleItem key={set._id} set={set} />
          ))}
        </ul>
      )}
    </div>
  )
}

function RoleItem({ set }: { set: PermissionSet }) {
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
    </li>
  )
}

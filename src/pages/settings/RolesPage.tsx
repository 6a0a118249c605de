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
import { memo } from 'react'
import { Heading, Link, VisuallyHidden } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import { localized } from '../../../contract/messages.ts'
import type { RoleDeletionMachine } from '../../../machines/roleDeletion/roleDeletion.machine.ts'
import { rolesMessages as m } from '../../../machines/roleDeletion/roleDeletion.messages.ts'
import { selectRoleDeletionDialog } from '../../../machines/roleDeletion/roleDeletion.selectors.ts'
import { selectPermissionSets } from '../../../machines/permissions/permissions.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { navMessages } from '../../navigation/nav.messages.ts'
import { usePermissionStatus, usePermissionsActor, usePermissionsState } from '../../system/react.tsx'
import { useRoleDeletionActor } from '../../system/roleDeletion.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { useProgressiveCount } from '../../ui/useProgressiveCount.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import * as page from '../../ui/Page.css.ts'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { CREATE_ROLE_PATH, ROLES_CRUMBS, localCrumbs, rolePath } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import { useGoTo } from './navigation.ts'
import * as css from './RolesPage.css.ts'
import * as settings from './settings.css.ts'

/** Shown when the list could not be loaded (ours). */
export const ROLES_LOAD_FAILED_MESSAGE = localized(m.loadFailed)

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
  const translator = useTranslator()
  const { t } = translator
  return (
    <div className={settings.stack}>
      <PageHeader
        title={t(navMessages.userRoles)}
        crumbs={localCrumbs(translator, ROLES_CRUMBS)}
        actions={
          <GatedButton resource="PERMISSION_SETS" action="CREATE" onPress={() => goTo(CREATE_ROLE_PATH)}>
            {t(m.createRole)}
          </GatedButton>
        }
      />
      <p className={page.text}>{t(m.intro)}</p>
      {status === 'failed' ? (
        <LoadFailed message={ROLES_LOAD_FAILED_MESSAGE} onRetry={() => permissions.send({ type: 'permissions.retry' })} />
      ) : status !== 'ready' ? (
        <Skeleton shape="block" count={3} height={72} label={t(m.loading)} />
      ) : sets.length === 0 ? (
        <EmptyState title={t(m.empty)} />
      ) : (
        <RoleList sets={sets} deletion={deletion} label={t(m.listLabel)} />
      )}
      <DeleteRoleDialog deletion={deletion} />
    </div>
  )
}

/**
 * The roles, drawn progressively (a workspace may hold hundreds: the first ones show at once, the
 * rest follow in small pieces that never block input). Each row re-renders only when its set changes.
 */
function RoleList({ sets, deletion, label }: { sets: ReadonlyArray<PermissionSet>; deletion: RoleDeletionActor; label: string }) {
  const shown = useProgressiveCount(sets.length)
  return (
    <ul className={css.list} aria-label={label}>
      {sets.slice(0, shown).map((set) => (
        <RoleItem key={set._id} set={set} deletion={deletion} />
      ))}
    </ul>
  )
}

/** The confirmation naming the role; the server's refusal (who still holds it) shows inside it. */
function DeleteRoleDialog({ deletion }: { deletion: RoleDeletionActor }) {
  const dialog = useSelector(deletion, selectRoleDeletionDialog)
  const { t } = useTranslator()
  if (dialog === null) return null
  const cancel = () => deletion.send({ type: 'roleDeletion.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.deleteTitle, { name: dialog.set.name })}
      description={t(m.deleteBody)}
      isOpen
      onOpenChange={(open) => {
        if (!open) cancel()
      }}
      isDismissable={!dialog.busy}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} isDisabled={dialog.busy} autoFocus>
            {t(m.cancel)}
          </Button>
          <Button variant="danger" onPress={() => deletion.send({ type: 'roleDeletion.confirm' })} isPending={dialog.busy}>
            {t(m.deleteRole)}
          </Button>
        </>
      }
    >
      <FormAlert message={dialog.error} />
    </Modal>
  )
}

const RoleItem = memo(function RoleItem({ set, deletion }: { set: PermissionSet; deletion: RoleDeletionActor }) {
  const { t } = useTranslator()
  const onDelete = () => deletion.send({ type: 'roleDeletion.request', set })
  const resources = new Set(set.permissions.filter((p) => p.actions.length > 0).map((p) => p.resource)).size
  return (
    <li className={css.item}>
      <Heading level={2} className={css.title}>
        <Link href={rolePath(set._id)} className={css.link} dir="auto">
          {set.name}
        </Link>
        {set.is_system && (
          <>
            <span className={settings.badgeStrong}>{t(m.system)}</span>
            <span className={settings.badge}>{t(m.readOnly)}</span>
          </>
        )}
      </Heading>
      <span className={css.count}>{t(m.resources, { count: resources })}</span>
      {set.description && (
        <p className={css.description} dir="auto">
          {set.description}
        </p>
      )}
      {!set.is_system && (
        <div className={css.itemActions}>
          <GatedButton resource="PERMISSION_SETS" action="DELETE" variant="danger" size="sm" onPress={onDelete}>
            {t(m.delete)}
            <VisuallyHidden> {t(m.roleName, { name: set.name })}</VisuallyHidden>
          </GatedButton>
        </div>
      )}
    </li>
  )
})

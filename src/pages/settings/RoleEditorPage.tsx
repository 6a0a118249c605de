/**
 * /app/setting/roles/create-role (no `roleId`) and /app/setting/roles/{id} (SPEC §2.5: create
 * and update on PERMISSION_SETS; §3 Permission set; §8 toasts).
 *
 * Runs a `roleEditor` actor (its browser side and outcomes: src/system/roleEditor.ts) and goes
 * back to /app/setting/roles once a role is saved.
 */
import { useRoleEditorActor } from '../../system/roleEditor.ts'
import { ROLES_PATH } from './crumbs.ts'
import { useGoTo } from './navigation.ts'
import { RoleEditorView } from './RoleEditorView.tsx'

export function RoleEditorPage({ roleId }: { roleId?: string }) {
  // A new actor per address: moving from one role to another must not keep the first one's form.
  return <RoleEditorScreen key={roleId ?? ''} roleId={roleId ?? null} />
}

function RoleEditorScreen({ roleId }: { roleId: string | null }) {
  const goTo = useGoTo()
  const actor = useRoleEditorActor(roleId, () => goTo(ROLES_PATH))
  return <RoleEditorView actor={actor} />
}

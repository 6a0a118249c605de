/**
 * Workspace list items for machine tests and stories, mirroring the demo seed (docs/api.md):
 * Ada Admin is a super admin of Acme Support and a team member of Globex.
 */
import type { WorkspaceItem } from '../../contract/api.ts'

export const acmeItem: WorkspaceItem = {
  org_id: 'o-acme',
  org_name: 'Acme Support',
  roles: ['SUPER_ADMIN'],
  waitlist_approved: true,
  signup_completed: true,
  is_default: true,
}
export const globexItem: WorkspaceItem = { ...acmeItem, org_id: 'o-globex', org_name: 'Globex', roles: ['TEAM_MEMBER'], is_default: false }
export const hooliItem: WorkspaceItem = { ...acmeItem, org_id: 'o-hooli', org_name: 'Hooli', is_default: false }
/** A workspace the server knows no name for: the switcher ignores it (SPEC §5). */
export const namelessItem: WorkspaceItem = { ...acmeItem, org_id: 'o-nameless', org_name: null, is_default: false }

/** Ada's list as the server answers it (sorted by name). */
export const adaWorkspaces: ReadonlyArray<WorkspaceItem> = [acmeItem, globexItem]

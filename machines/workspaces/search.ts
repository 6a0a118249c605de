/**
 * Workspace search (SPEC.md §5): a case-insensitive, trimmed substring match on `org_name`;
 * items without a name are ignored. Pure, shared by the switcher and the selection page.
 */
import type { WorkspaceItem } from '../../contract/api.ts'

/** A workspace that has a name: the only kind the switcher lists. */
export type NamedWorkspace = WorkspaceItem & { readonly org_name: string }

const hasName = (w: WorkspaceItem): w is NamedWorkspace => typeof w.org_name === 'string' && w.org_name.trim() !== ''

/**
 * The workspaces whose name contains `query`, in the list's order.
 *
 * @param items the list of `GET /users/my-workspaces` (SPEC §3 Workspace list item).
 * @param query what the person typed; surrounding spaces are dropped and case is ignored, so an
 *   empty or blank query keeps every named workspace.
 * @returns the named workspaces that match. A workspace without a name (null or blank) never
 *   matches, not even a blank query: there would be nothing to show for it.
 */
export function filterWorkspaces(items: ReadonlyArray<WorkspaceItem>, query: string): ReadonlyArray<NamedWorkspace> {
  const needle = query.trim().toLowerCase()
  return items.filter(hasName).filter((w) => w.org_name.toLowerCase().includes(needle))
}

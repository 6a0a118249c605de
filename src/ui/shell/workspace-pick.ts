/**
 * Picking a workspace from a react-aria ListBox (SPEC §2.6 switcher, §2.5 workspace selection
 * page): both lists check the current workspace and send `workspaces.select` for a pick. Kept
 * apart from either view so the selection page does not load the switcher's lazy panel.
 */
import type { Selection } from 'react-aria-components'
import type { WorkspacesActor } from '../../system/react.tsx'

/**
 * The workspace a list's selection change means. Re-picking the checked (current) workspace
 * empties a single selection in react-aria's terms: that is a pick of the current one too.
 * @returns the org id, or null when nothing was picked.
 */
export function pickedWorkspace(keys: Selection, currentOrgId: string | null): string | null {
  if (keys === 'all') return null
  const [first] = [...keys]
  return first === undefined ? currentOrgId : String(first)
}

/** A ListBox's selection props: single selection, the current workspace checked, a pick sent to `actor`. */
export function workspacePickProps(actor: WorkspacesActor, currentOrgId: string | null) {
  return {
    selectionMode: 'single' as const,
    selectedKeys: currentOrgId ? [currentOrgId] : [],
    onSelectionChange: (keys: Selection) => {
      const orgId = pickedWorkspace(keys, currentOrgId)
      if (orgId !== null) actor.send({ type: 'workspaces.select', orgId })
    },
  }
}

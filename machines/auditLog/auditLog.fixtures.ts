/**
 * Contract-shaped audit entries for the audit log machine's tests and stories, as the server
 * writes them for the demo workspace Acme Support (server/audit callers).
 */
import type { AuditActor, AuditLogItem, AuditLogPage } from '../../contract/audit.ts'

const ada = { id: 'u-ada', label: 'admin@acme.test' }
const sam = { id: 'u-sam', label: 'agent@acme.test' }

/** The person filter's choices for Acme. */
export const acmeAuditActors: ReadonlyArray<AuditActor> = [ada, sam]

/** A fixed "now" for the rows' relative times: 25 Nov 2026, 12:00 UTC. */
export const AUDIT_NOW_MS = Date.parse('2026-11-25T12:00:00.000Z')

export const signedInEntry: AuditLogItem = {
  id: 'ae-1',
  kind: 'auth.signed_in',
  actor: ada,
  target: ada,
  details: { session_id: 's-1' },
  ip_address: '203.0.113.7',
  created_at: '2026-11-25T11:58:00.000Z',
}

export const setCreatedEntry: AuditLogItem = {
  id: 'ae-2',
  kind: 'permission_set.created',
  actor: ada,
  target: { id: 'ps-billing', label: 'Billing Viewer' },
  details: { description: 'Sees invoices', permissions: [{ resource: 'BILLING', actions: ['READ'] }] },
  ip_address: '203.0.113.7',
  created_at: '2026-11-25T11:30:00.000Z',
}

export const rolesChangedEntry: AuditLogItem = {
  id: 'ae-3',
  kind: 'member.roles_changed',
  actor: ada,
  target: sam,
  details: { from: ['Support Agent'], to: ['Support Agent', 'Billing Viewer'] },
  ip_address: '203.0.113.7',
  created_at: '2026-11-25T09:00:00.000Z',
}

export const invitedEntry: AuditLogItem = {
  id: 'ae-4',
  kind: 'member.invited',
  actor: ada,
  target: { id: 'u-nina', label: 'nina@acme.test' },
  details: { permission_sets: ['Team Member'], new_account: true },
  ip_address: null,
  created_at: '2026-11-24T16:20:00.000Z',
}

export const renamedEntry: AuditLogItem = {
  id: 'ae-5',
  kind: 'workspace.renamed',
  actor: { id: null, label: '' },
  target: { id: 'o-acme', label: 'Acme Support' },
  details: { from: 'Acme', to: 'Acme Support' },
  ip_address: null,
  created_at: '2026-11-20T08:00:00.000Z',
}

/** The newest page for no filter, with a further page behind it. */
export const firstAuditPage: AuditLogPage = { items: [signedInEntry, setCreatedEntry, rolesChangedEntry], next_cursor: 'cursor-2' }
/** The last page. */
export const lastAuditPage: AuditLogPage = { items: [invitedEntry, renamedEntry], next_cursor: null }
/** A page with nothing in it. */
export const emptyAuditPage: AuditLogPage = { items: [], next_cursor: null }

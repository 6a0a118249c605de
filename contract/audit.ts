/**
 * The audit log's vocabulary (issue #19 Audit log), shared by the server that writes entries and
 * the page that lists them (Account & Billing › Audit log, for members with ORGANIZATIONS read).
 * Each kind is `<subject>.<verb in the past>`; `AUDIT_KIND_LABELS` is how the page names it.
 */
import { Schema } from 'effect'

/** Every kind of audit entry, in the order the kind filter lists them. */
export const AuditKinds = [
  'auth.signed_in',
  'member.invited',
  'member.removed',
  'member.roles_changed',
  'invitation.resent',
  'invitation.revoked',
  'invitation.accepted',
  'invitation.declined',
  'permission_set.created',
  'permission_set.updated',
  'permission_set.deleted',
  'workspace.renamed',
  'workspace.two_factor_required',
  'two_factor.enabled',
  'two_factor.disabled',
  'session.revoked',
] as const
export const AuditKind = Schema.Literals(AuditKinds)
export type AuditKind = typeof AuditKind.Type

/** How the audit page names each kind (filter options, the "Action" column, the CSV export). */
export const AUDIT_KIND_LABELS: Readonly<Record<AuditKind, string>> = {
  'auth.signed_in': 'Signed in',
  'member.invited': 'Member invited',
  'member.removed': 'Member removed',
  'member.roles_changed': 'Roles assigned',
  'invitation.resent': 'Invitation resent',
  'invitation.revoked': 'Invitation revoked',
  'invitation.accepted': 'Invitation accepted',
  'invitation.declined': 'Invitation declined',
  'permission_set.created': 'Permission set created',
  'permission_set.updated': 'Permission set changed',
  'permission_set.deleted': 'Permission set deleted',
  'workspace.renamed': 'Workspace renamed',
  'workspace.two_factor_required': 'Two-factor requirement changed',
  'two_factor.enabled': 'Two-factor turned on',
  'two_factor.disabled': 'Two-factor turned off',
  'session.revoked': 'Session signed out',
}

/** Breadcrumb trails of the settings pages (SPEC §2.4: Account & Billing → User Roles / Team Members / Billing). */
import type { Translator } from '../../i18n/translator.ts'
import { navTitle } from '../../navigation/nav-title.ts'
import type { Crumb } from '../../ui/primitives/PageHeader/PageHeader.tsx'

export const ROLES_PATH = '/app/setting/roles'
export const CREATE_ROLE_PATH = '/app/setting/roles/create-role'
export const TEAM_PATH = '/app/setting/team'
export const INVITE_PATH = '/app/setting/team/invite'
export const AUDIT_LOG_PATH = '/app/setting/audit-log'
export const BILLING_PATH = '/app/billing'

/** The editor address of a set (custom to edit, system to view). */
export const rolePath = (id: string) => `${ROLES_PATH}/${encodeURIComponent(id)}`

export const ROLES_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }, { label: 'User Roles', href: ROLES_PATH }]
export const TEAM_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }, { label: 'Team Members', href: TEAM_PATH }]
export const AUDIT_LOG_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }, { label: 'Audit log', href: AUDIT_LOG_PATH }]
export const BILLING_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }, { label: 'Billing', href: BILLING_PATH }]

/** `crumbs` as the reader sees them: each label is a route title, shown in `translator`'s language (the constants keep English). */
export function localCrumbs(translator: Pick<Translator, 't'>, crumbs: ReadonlyArray<Crumb>): ReadonlyArray<Crumb> {
  return crumbs.map((crumb) => ({ ...crumb, label: navTitle(translator, crumb.label) }))
}

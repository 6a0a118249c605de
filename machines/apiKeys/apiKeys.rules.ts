/**
 * The rules of the API keys tab that are not states (docs/api.md "API keys"): which permission
 * sets a person may give a key, what an expiry choice means as a date, and how a key's expiry,
 * times and secret read. Pure: the machine, its selectors, its browser side and the views share them.
 */
import { SUPER_ADMIN_SET_KEY, type PermissionSet } from '../../contract/api.ts'
import { API_KEY_EXPIRY_CHOICES, type ApiKeyItem, type CreateApiKeyRequest } from '../../contract/developers.ts'
import { permissionsNotHeld, type ResolvedPermissions } from '../../contract/permissions.ts'

/** A permission set a key may be given: its reference as members hold it, and its name. */
export interface GrantableSet {
  /** A system set's `permission_set_key`, a custom set's `_id`. */
  readonly ref: string
  readonly name: string
}

/** What the person may do on the tab, from their permissions in the current workspace. */
export interface ApiKeysAccess {
  /** API_KEYS create: 'Create API key' shows. */
  readonly mayCreate: boolean
  /** API_KEYS delete: 'Revoke' shows. */
  readonly mayRevoke: boolean
  /** The sets the create dialog offers ({@link grantableSets}). */
  readonly grantable: ReadonlyArray<GrantableSet>
}

/** Nothing allowed, nothing offered: until the person's permissions are known. */
export const NO_API_KEYS_ACCESS: ApiKeysAccess = { mayCreate: false, mayRevoke: false, grantable: [] }

/** A set's reference as a member holds it (contract/permissions.ts `resolvePermissions`). */
export const setRef = (set: Pick<PermissionSet, 'is_system' | 'permission_set_key' | '_id'>): string =>
  set.is_system && set.permission_set_key !== null ? set.permission_set_key : set._id

/**
 * The sets of `sets` a key created by someone holding `held` may be given: a super admin may give
 * any; anyone else only a set whose every permission they hold themselves (`permissionsNotHeld`
 * empty), never the super-admin set. A key never does more than its creator: the server refuses
 * the others (403) and checks the creator's permissions again whenever the key is used.
 */
export function grantableSets(sets: ReadonlyArray<PermissionSet>, held: ResolvedPermissions): GrantableSet[] {
  return sets
    .filter((set) => held.superAdmin || (!(set.is_system && set.permission_set_key === SUPER_ADMIN_SET_KEY) && permissionsNotHeld(held, set.permissions).length === 0))
    .map((set) => ({ ref: setRef(set), name: set.name }))
}

/** The expiry a new key starts with, in days (a key that never expires is a choice, not the default). */
export const DEFAULT_EXPIRY_DAYS = 90

/** What the create dialog collects. `expiryDays` is one of `API_KEY_EXPIRY_CHOICES` (null: never). */
export interface ApiKeyDraft {
  readonly name: string
  /** A {@link GrantableSet} `ref`; null until one is chosen. */
  readonly permissionSet: string | null
  readonly expiryDays: number | null
}

const DAY_MS = 86_400_000

/**
 * The create call's body for `draft` at `nowMs` (ms since the epoch): `expires_at` is `expiryDays`
 * days later as an ISO 8601 string, or null for never.
 */
export function toCreateRequest(draft: ApiKeyDraft, nowMs: number): CreateApiKeyRequest {
  return {
    name: draft.name,
    permission_set: draft.permissionSet ?? '',
    expires_at: draft.expiryDays === null ? null : new Date(nowMs + draft.expiryDays * DAY_MS).toISOString(),
  }
}

/** The expiry Select's items: the contract's choices, `never` standing for null. */
export const EXPIRY_OPTIONS: ReadonlyArray<{ readonly id: string; readonly label: string; readonly days: number | null }> = API_KEY_EXPIRY_CHOICES.map((c) => ({
  id: c.days === null ? 'never' : String(c.days),
  label: c.label,
  days: c.days,
}))

/** The days of an expiry option's id (null: never; unknown ids read as the default). */
export function expiryDaysOf(id: string | null): number | null {
  const option = EXPIRY_OPTIONS.find((o) => o.id === id)
  return option === undefined ? DEFAULT_EXPIRY_DAYS : option.days
}

/** The option id of `days`. */
export const expiryOptionOf = (days: number | null): string => (days === null ? 'never' : String(days))

/** A key's shown secret: its first characters and an ellipsis (`eng_3fK9xQ2a…`). */
export const maskedSecret = (key: Pick<ApiKeyItem, 'prefix'>): string => `${key.prefix}…`

/** A calendar date ("25 Nov 2026") for an ISO time; the input itself when it does not parse. */
export function shortDate(iso: string, locale?: string): string {
  const ms = Date.parse(iso)
  return Number.isNaN(ms) ? iso : new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(ms)
}

/** The expiry column: 'Never', 'Expired', or the date it stops working. */
export function expiryLabel(key: Pick<ApiKeyItem, 'expires_at' | 'status'>, locale?: string): string {
  if (key.status === 'expired') return 'Expired'
  return key.expires_at === null ? 'Never' : shortDate(key.expires_at, locale)
}

/**
 * The `curl` call the empty state shows: the workspace's members with a key, at `origin`
 * (`window.location.origin`). A key belongs to one workspace, so no `x-org-id` goes with it.
 */
export const curlExample = (origin: string): string => `curl -H "Authorization: Bearer eng_…" ${origin}/api/organizations/members`

/**
 * What the workspace's people pages send and receive (Account & Billing › Team Members and User
 * Roles; SPEC.md §3 Permission set, §6, §7 /permissions/*; ours: /organizations/members*): the
 * members and their invitations, custom permission sets being edited, and the set-password step
 * that completes an invitation. Apart from ./permissions.ts (the rules and the set list, which
 * the shell needs from the first load) so it loads with those pages.
 */
import { Schema, SchemaGetter } from 'effect'
import { PermissionAction, PermissionResource, PermissionSet, Role } from './api.ts'
import { endpoint } from './endpoint.ts'
import { Trimmed } from './validate.ts'
import { guarded, guardedChange } from './permissions.ts'

/** One permission in a set being saved: a resource and at least one action. */
export const PermissionInput = Schema.Struct({
  resource: PermissionResource,
  actions: Schema.Array(PermissionAction).check(Schema.isMinLength(1, { message: 'Choose at least one action' })),
  conditions: Schema.optional(Schema.Record(Schema.String, Schema.Unknown)),
})

/**
 * `POST /permissions/permission-sets` and `PUT /permissions/permission-sets/{id}` body.
 * Name 1–80 characters (trimmed), description up to 500, at most one entry per resource.
 */
export const PermissionSetInput = Schema.Struct({
  name: Trimmed('Name', 1, 80),
  description: Schema.optional(Trimmed('Description', 0, 500)),
  permissions: Schema.Array(PermissionInput).check(
    Schema.makeFilter((list: ReadonlyArray<{ resource: string }>) =>
      new Set(list.map((p) => p.resource)).size === list.length ? undefined : 'Each resource may appear only once',
    ),
  ),
})
export type PermissionSetInput = typeof PermissionSetInput.Encoded

/** `POST /permissions/assign-permission-sets`: replaces the member's sets in this org (set `_id`s). */
export const AssignPermissionSetsRequest = Schema.Struct({
  user_id: Schema.String.check(Schema.isMinLength(1, { message: 'user_id is required' })),
  permission_set_ids: Schema.Array(Schema.String).check(Schema.isMaxLength(50, { message: 'At most 50 permission sets' })),
})
export type AssignPermissionSetsRequest = typeof AssignPermissionSetsRequest.Type

/** `GET /permissions/metadata`: what the role editor shows for each resource and action. */
export const PermissionMetadata = Schema.Struct({
  resources: Schema.Array(Schema.Struct({ key: PermissionResource, label: Schema.String, description: Schema.String })),
  actions: Schema.Array(Schema.Struct({ key: PermissionAction, label: Schema.String })),
})
export type PermissionMetadata = typeof PermissionMetadata.Type

/** A member of the current org (ours: `GET /organizations/members`). */
export const TeamMember = Schema.Struct({
  user_id: Schema.String,
  fullName: Schema.String,
  email: Schema.String,
  /** `_id`s of the permission sets the member holds in this org. */
  permission_set_ids: Schema.Array(Schema.String),
  roles: Schema.Array(Role),
  /** `invited` until the person has set a password through their invite link. */
  status: Schema.Literals(['active', 'invited']),
  joined_at: Schema.String,
})
export type TeamMember = typeof TeamMember.Type

/** Members per page of `GET /organizations/members` when `limit` is not given. */
export const TEAM_MEMBERS_PAGE_SIZE = 50
/** The most members one page may ask for. */
export const TEAM_MEMBERS_MAX_PAGE_SIZE = 200
/** The longest search text `q`, in characters (UTF-16 code units). */
export const TEAM_MEMBERS_MAX_QUERY_LENGTH = 100
/** The longest cursor: a name of up to 512 characters and an id, as base64url JSON. */
const MAX_MEMBERS_CURSOR_LENGTH = 4096

/**
 * `GET /organizations/members` query (ours), as the query string carries it (strings). Every field
 * is optional; text also passes the NUL / lone-surrogate rule of ./validate.ts.
 * - `q`: members whose name or email contains it, ignoring case (trimmed; empty: everyone).
 * - `cursor`: the `next_cursor` of the previous page, for the same `q` (opaque: base64url).
 * - `limit`: a whole number from 1 to {@link TEAM_MEMBERS_MAX_PAGE_SIZE} (default {@link TEAM_MEMBERS_PAGE_SIZE}).
 */
export const TeamMembersQuery = Schema.Struct({
  q: Schema.optional(
    Schema.String.check(Schema.isMaxLength(TEAM_MEMBERS_MAX_QUERY_LENGTH, { message: `Search for at most ${TEAM_MEMBERS_MAX_QUERY_LENGTH} characters` })),
  ),
  cursor: Schema.optional(
    Schema.String.check(
      Schema.isPattern(/^[A-Za-z0-9_-]+$/, { message: 'Not a cursor from this list' }),
      Schema.isMaxLength(MAX_MEMBERS_CURSOR_LENGTH, { message: 'Not a cursor from this list' }),
    ),
  ),
  limit: Schema.optional(
    Schema.String.check(Schema.isPattern(/^(200|1[0-9][0-9]|[1-9][0-9]?)$/, { message: `A whole number from 1 to ${TEAM_MEMBERS_MAX_PAGE_SIZE}` })),
  ),
})
export type TeamMembersQuery = typeof TeamMembersQuery.Encoded

/**
 * `GET /organizations/members` answer: a page of members sorted by name (ignoring case), then id.
 * `next_cursor` is the `cursor` of the next page, null on the last. `super_admins` is how many
 * members of the whole workspace hold Super Admin, whatever the page or search (the page keeps
 * the only one from being offered 'Remove').
 */
export const TeamMemberList = Schema.Struct({
  members: Schema.Array(TeamMember),
  next_cursor: Schema.NullOr(Schema.String),
  super_admins: Schema.Number,
})
export type TeamMemberList = typeof TeamMemberList.Type

/**
 * A pending invitation to the current org (ours: `GET /organizations/invitations`, and the answer
 * of an invite that reached an existing account). Two kinds, listed together:
 * - `account`: an existing account asked to join; the membership is created only when they accept
 *   (from their workspace switcher). It does not expire.
 * - `link`: a new person, a member already but unable to sign in until they set a password
 *   through their set-password link, which expires (`expires_at`).
 */
export const TeamInvitation = Schema.Struct({
  /** The invitation's id (`link`: derived from the person's id; resend and revoke take `user_id`). */
  id: Schema.String,
  kind: Schema.Literals(['account', 'link']),
  user_id: Schema.String,
  fullName: Schema.String,
  email: Schema.String,
  /** `_id`s of the sets the membership will hold once accepted. */
  permission_set_ids: Schema.Array(Schema.String),
  status: Schema.Literal('pending'),
  /** Who sent it, as a person names them (their name, else their email; empty if the account is gone). */
  invited_by: Schema.Struct({ label: Schema.String }),
  /** When it was sent (ISO 8601). */
  created_at: Schema.String,
  /** `link`: when the newest link stops working (ISO 8601; in the past once it has), null when none was issued; `account`: null. */
  expires_at: Schema.NullOr(Schema.String),
})
export type TeamInvitation = typeof TeamInvitation.Type

/** `POST /organizations/members/{userId}/invitation/link` answer (ours): a fresh set-password link to hand over. */
export const InvitationLink = Schema.Struct({
  /** The set-password page with its one-time token, on the public origin. */
  link: Schema.String,
  /** The invitation as listed now (its `expires_at` is the new link's). */
  invitation: TeamInvitation,
})
export type InvitationLink = typeof InvitationLink.Type

/** Pending invitations per page of `GET /organizations/invitations` when `limit` is not given. */
export const TEAM_INVITATIONS_PAGE_SIZE = 20
/** The most pending invitations one page may ask for. */
export const TEAM_INVITATIONS_MAX_PAGE_SIZE = 100
/** The longest cursor: a time, a kind and an id, as base64url JSON. */
const MAX_INVITATIONS_CURSOR_LENGTH = 512

/**
 * `GET /organizations/invitations` query (ours), as the query string carries it (strings). Both
 * optional; text also passes the NUL / lone-surrogate rule of ./validate.ts.
 * - `cursor`: the `next_cursor` of the previous page (opaque: base64url).
 * - `limit`: a whole number from 1 to {@link TEAM_INVITATIONS_MAX_PAGE_SIZE} (default {@link TEAM_INVITATIONS_PAGE_SIZE}).
 */
export const TeamInvitationsQuery = Schema.Struct({
  cursor: Schema.optional(
    Schema.String.check(
      Schema.isPattern(/^[A-Za-z0-9_-]+$/, { message: 'Not a cursor from this list' }),
      Schema.isMaxLength(MAX_INVITATIONS_CURSOR_LENGTH, { message: 'Not a cursor from this list' }),
    ),
  ),
  limit: Schema.optional(
    Schema.String.check(Schema.isPattern(/^(100|[1-9][0-9]?)$/, { message: `A whole number from 1 to ${TEAM_INVITATIONS_MAX_PAGE_SIZE}` })),
  ),
})
export type TeamInvitationsQuery = typeof TeamInvitationsQuery.Encoded

/**
 * `GET /organizations/invitations` answer (ours): a page of the org's pending invitations of both
 * kinds, newest first. `next_cursor` is the `cursor` of the next page, null on the last; `total`
 * is how many are pending in all on the first page (no `cursor`), null on the pages after it (the
 * Team Members page keeps the first page's, less what it revokes, to count the ones not listed yet).
 */
export const TeamInvitationList = Schema.Struct({
  invitations: Schema.Array(TeamInvitation),
  next_cursor: Schema.NullOr(Schema.String),
  total: Schema.NullOr(Schema.Number),
})
export type TeamInvitationList = typeof TeamInvitationList.Type

/**
 * `POST /organizations/members/invite` answer (ours): the new member (a new account, or one that
 * never set a password) or, for an existing account, the pending invitation it must accept.
 * Told apart by `status`: `active`/`invited` for a member, `pending` for an invitation.
 */
export const InviteMemberResponse = Schema.Union([TeamMember, TeamInvitation])
export type InviteMemberResponse = typeof InviteMemberResponse.Type

/** `POST /organizations/members/invite` (ours). */
export const InviteMemberRequest = Schema.Struct({
  email: Schema.String.check(
    Schema.isPattern(/^\s*[^@\s]+@[^@\s]+\.[^@\s]+\s*$/, { message: 'Enter a valid email address' }),
    Schema.isMaxLength(254, { message: 'Email is too long' }),
  ).pipe(
    Schema.decode({
      decode: SchemaGetter.transform((s: string) => s.trim().toLowerCase()),
      encode: SchemaGetter.transform((s: string) => s),
    }),
  ),
  fullName: Schema.optional(Trimmed('Name', 0, 120)),
  permission_set_ids: Schema.Array(Schema.String).check(Schema.isMinLength(1, { message: 'Choose at least one role' })),
})
export type InviteMemberRequest = typeof InviteMemberRequest.Encoded

/** `POST /users/set-password` (ours): completes an invite with its one-time token. */
export const SetPasswordRequest = Schema.Struct({
  token: Schema.String.check(Schema.isMinLength(1, { message: 'The link is incomplete' })),
  password: Schema.String.check(
    Schema.isMinLength(10, { message: 'Use at least 10 characters' }),
    Schema.isMaxLength(1024, { message: 'Password is too long' }),
  ),
})

/** `POST /users/set-password` response (ours). */
export const SetPasswordResponse = Schema.Struct({ ok: Schema.Literal(true) })
export type SetPasswordResponse = typeof SetPasswordResponse.Type

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts) of the current workspace (`x-org-id`); which permission each
// needs is in docs/permissions.md (403 `forbidden` without it, or for a non-member).

/**
 * `/permissions/*` (SPEC §3 Permission set, §6) beyond the list: custom sets created, edited and
 * deleted (system ones are read-only: 403), a member's sets replaced, and the role editor's labels.
 */
export const rolesApi = {
  createPermissionSet: endpoint('POST', '/permissions/permission-sets', { body: PermissionSetInput, response: PermissionSet, status: 201, errors: [...guardedChange, 'reverification_required'] }),
  updatePermissionSet: endpoint('PUT', '/permissions/permission-sets/:id', { body: PermissionSetInput, response: PermissionSet, errors: guardedChange }),
  deletePermissionSet: endpoint('DELETE', '/permissions/permission-sets/:id', { errors: [...guardedChange, 'reverification_required'] }),
  assignPermissionSets: endpoint('POST', '/permissions/assign-permission-sets', { body: AssignPermissionSetsRequest, response: TeamMember, errors: [...guardedChange, 'reverification_required'] }),
  metadata: endpoint('GET', '/permissions/metadata', { response: PermissionMetadata, errors: guarded }),
}

/**
 * The Team Members page (ours; TEAM_MEMBERS permissions): members (a page at a time by name,
 * keyset-paged and searched by name or email: {@link TeamMembersQuery}), inviting (a new person gets a
 * set-password link, an account with a password a pending invitation), removing, the pending
 * invitations of both kinds resent (answered with the invitation as listed now), revoked, or (a
 * new person's) given a fresh link to copy, listed a page at a time newest first
 * ({@link TeamInvitationsQuery}); and the public `set-password` that completes an invitation
 * (400 at `token` for a link expired or used).
 */
export const teamApi = {
  members: endpoint('GET', '/organizations/members', { query: TeamMembersQuery, response: TeamMemberList, errors: guarded, apiKeys: true }),
  member: endpoint('GET', '/organizations/members/:userId', { response: TeamMember, errors: [...guarded, 'not_found'], apiKeys: true }),
  invite: endpoint('POST', '/organizations/members/invite', { body: InviteMemberRequest, response: InviteMemberResponse, status: 201, errors: guardedChange, apiKeys: true }),
  removeMember: endpoint('DELETE', '/organizations/members/:userId', { errors: [...guardedChange, 'reverification_required'] }),
  invitations: endpoint('GET', '/organizations/invitations', { query: TeamInvitationsQuery, response: TeamInvitationList, errors: guarded, apiKeys: true }),
  resendInvitation: endpoint('POST', '/organizations/members/:userId/invitation/resend', { response: TeamInvitation, errors: guardedChange }),
  invitationLink: endpoint('POST', '/organizations/members/:userId/invitation/link', { response: InvitationLink, errors: guardedChange }),
  revokeInvitation: endpoint('DELETE', '/organizations/members/:userId/invitation', { errors: guardedChange, apiKeys: true }),
  setPassword: endpoint('POST', '/users/set-password', { body: SetPasswordRequest, response: SetPasswordResponse, access: 'public' }),
}

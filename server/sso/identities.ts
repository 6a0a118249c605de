/**
 * Who a provider's answer signs in (docs/decisions.md "Single sign-on: linking rule"). People are
 * linked by (issuer, subject) in `sso_identities`, never by the email the provider sends: a
 * provider (or a person able to set their email there) asserting someone else's address must not
 * become that person (the account-takeover trap).
 *
 * - A linked identity signs in its user, in the connection's workspace, while they are a member.
 * - No link and no account with the email: just-in-time, the person is created (no password) as a
 *   member of the workspace with its default permission set, {@link DEFAULT_SSO_SET_KEY}, and
 *   linked, if the email is of one of the workspace's domains. A workspace joined this way is
 *   already past the waitlist (its own approval), so the person starts working at once.
 * - No link but an account with the email: nothing is signed in; the identity waits (`link`)
 *   until the account's owner proves the account (`POST /users/sso/link`).
 */
import { and, eq, sql } from 'drizzle-orm'
import { ErrorCode } from '../../contract/api.ts'
import type { Database } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { memberPermissionSets, memberships, organizations, permissionSets, ssoIdentities, users } from '../db/schema.ts'
import { ApiError, forbidden } from '../http/errors.ts'
import { isMember } from '../members/access.ts'
import { memberJoined } from '../webhook-events/member-events.ts'

/** The system permission set a person created by single sign-on holds: the plain member's. */
export const DEFAULT_SSO_SET_KEY = 'TEAM_MEMBER'

/** The ID token claims this module reads. */
export interface IdentityClaims {
  readonly iss: string
  readonly sub: string
  readonly email?: unknown
  readonly email_verified?: unknown
  readonly name?: unknown
}

/** What an answer leads to. */
export type IdentityOutcome =
  | { readonly kind: 'signIn'; readonly userId: string; readonly created: boolean }
  | { readonly kind: 'link'; readonly userId: string; readonly email: string }

const rejected = (message: string) => new ApiError(401, ErrorCode.invalidCredentials, message)
export const notMember = () => forbidden('Your account is not a member of this workspace. Ask an admin to add you.')

/** The email of `claims`, lower-cased, or a 401 when the provider sent none or says it is not verified. */
function verifiedEmail(claims: IdentityClaims): string {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : ''
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || email.length > 254) throw rejected('The identity provider did not share an email address.')
  if (claims.email_verified === false) throw rejected('The identity provider has not verified this email address.')
  return email
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1)

/** Makes `userId` a member of `orgId` with the default set (nothing when they already are one). */
async function joinWithDefaultSet(tx: Database, userId: string, orgId: string, now: Date): Promise<void> {
  const inserted = await tx.insert(memberships).values({ userId, orgId, createdAt: now }).onConflictDoNothing().returning({ userId: memberships.userId })
  if (inserted.length === 0) return
  const [set] = await tx.select({ id: permissionSets.id }).from(permissionSets).where(and(eq(permissionSets.permissionSetKey, DEFAULT_SSO_SET_KEY), eq(permissionSets.isSystem, true)))
  if (set === undefined) throw new Error(`The system permission set ${DEFAULT_SSO_SET_KEY} is missing`)
  await tx.insert(memberPermissionSets).values({ userId, orgId, permissionSetId: set.id, createdAt: now })
  await memberJoined(tx, orgId, userId, 'sso', now)
}

/**
 * Decides what a verified ID token of `orgId`'s connection leads to.
 * @param domains the workspace's email domains (just-in-time creation is limited to them).
 * @throws ApiError 401 `invalid_credentials` (no email, unverified email), 403 `forbidden` (a
 *   linked person no longer a member; an email outside the workspace's domains).
 */
export async function resolveIdentity(
  db: Database,
  input: { readonly orgId: string; readonly claims: IdentityClaims; readonly domains: ReadonlyArray<string>; readonly now: Date },
): Promise<IdentityOutcome> {
  const { orgId, claims, now } = input
  const [linked] = await db
    .select({ userId: ssoIdentities.userId })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.issuer, claims.iss), eq(ssoIdentities.subject, claims.sub)))
  if (linked !== undefined) {
    if (!(await isMember(db, linked.userId, orgId))) throw notMember()
    await db
      .update(ssoIdentities)
      .set({ lastSignedInAt: now })
      .where(and(eq(ssoIdentities.issuer, claims.iss), eq(ssoIdentities.subject, claims.sub)))
    return { kind: 'signIn', userId: linked.userId, created: false }
  }

  const email = verifiedEmail(claims)
  const [account] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (account !== undefined) return { kind: 'link', userId: account.id, email }
  if (!input.domains.includes(domainOf(email))) throw notMember()

  const name = typeof claims.name === 'string' && claims.name.trim() !== '' ? claims.name.trim().slice(0, 120) : email.slice(0, email.indexOf('@'))
  try {
    const userId = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email,
          fullName: name,
          passwordHash: null,
          defaultOrgId: orgId,
          emailConfirmedAt: claims.email_verified === true ? now : null,
          // Just in time: the workspace's default language, if it has one.
          language: sql`(select ${organizations.defaultLanguage} from ${organizations} where ${organizations.id} = ${orgId})`,
          createdAt: now,
        })
        .returning({ id: users.id })
      if (user === undefined) throw new Error('sso: the user insert returned no row')
      await joinWithDefaultSet(tx, user.id, orgId, now)
      await tx.insert(ssoIdentities).values({ issuer: claims.iss, subject: claims.sub, userId: user.id, orgId, lastSignedInAt: now, createdAt: now })
      return user.id
    })
    return { kind: 'signIn', userId, created: true }
  } catch (error) {
    // Two first sign-ins racing: the other one created the account (or the link) first.
    if (!isUniqueViolation(error)) throw error
    return resolveIdentity(db, input)
  }
}

/**
 * Links a waiting identity to `userId` once they proved the account, and makes sure they can work
 * in `orgId` (joining it with the default set when their email is of its domains).
 * @throws ApiError 409-like 403 when the identity was meanwhile linked to someone else; 403 when
 *   the account is not a member and its email is outside the workspace's domains.
 */
export async function linkIdentity(
  db: Database,
  link: { readonly userId: string; readonly email: string; readonly orgId: string; readonly issuer: string; readonly subject: string; readonly domains: ReadonlyArray<string>; readonly now: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await isMember(tx, link.userId, link.orgId))) {
      if (!link.domains.includes(domainOf(link.email))) throw notMember()
      await joinWithDefaultSet(tx, link.userId, link.orgId, link.now)
    }
    const inserted = await tx
      .insert(ssoIdentities)
      .values({ issuer: link.issuer, subject: link.subject, userId: link.userId, orgId: link.orgId, lastSignedInAt: link.now, createdAt: link.now })
      .onConflictDoNothing()
      .returning({ userId: ssoIdentities.userId })
    if (inserted.length === 0) {
      const [existing] = await tx
        .select({ userId: ssoIdentities.userId })
        .from(ssoIdentities)
        .where(and(eq(ssoIdentities.issuer, link.issuer), eq(ssoIdentities.subject, link.subject)))
      if (existing?.userId !== link.userId) throw forbidden('This single sign-on identity is already linked to another account.')
    }
  })
}

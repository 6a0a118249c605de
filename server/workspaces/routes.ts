/**
 * Workspace endpoints under `/api/organizations` (SPEC.md §1 users create workspaces; §4
 * Creating a workspace; §7 `POST /organizations/create-new`), and ours: completing sign-up
 * (`/app/sign-up-info`, SPEC.md §2.2) and the current workspace's settings (Workspace Settings,
 * SPEC.md §2.4: its name, and our two-factor requirement). Each answers the workspace as the
 * workspace list shows it (contract `WorkspaceItem`).
 *
 * Order of answers: 401 / 400 (no x-org-id) / 403 (not a member, or the permission is missing),
 * all before the body is read; then 400 for a bad body; then 409 for a clash with the state.
 * A refused request writes nothing.
 */
import { Hono } from 'hono'
import { and, eq, not } from 'drizzle-orm'
import type { Language, WorkspaceItem } from '../../contract/api.ts'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor.ts'
import { workspacesApi as api } from '../../contract/workspaces.ts'
import { auditActor, auditAddress, type ClientAddress } from '../audit-trail/actor.ts'
import { recordAudit, type AuditEntry } from '../audit-trail/record.ts'
import type { SigningKey } from '../auth/access-token.ts'
import type { Database } from '../db/client.ts'
import { organizations, users } from '../db/schema.ts'
import { requireAccessToken } from '../http/auth.ts'
import { contractRoutes } from '../http/route.ts'
import { conflict, forbiddenOrg, unauthorized } from '../http/errors.ts'
import { accessControl, type AccessVariables } from '../members/access.ts'
import { findWorkspace, toWorkspaceItem } from '../members/workspaces.ts'
import { MAX_OWNED_WORKSPACES, defaultWorkspaceName, insertWorkspace, lockCreator } from '../members/create-workspace.ts'

export interface WorkspaceRoutesDeps {
  readonly db: Database
  readonly signingKey: SigningKey
  /** Clock in ms since the epoch. */
  readonly now: () => number
  /** WAITLIST (config.ts). */
  readonly waitlistEnabled: boolean
  /** The client address (RateLimiters.address) for audit entries; absent: stored as null. */
  readonly address?: ClientAddress
  /** Called after a workspace's two-factor requirement changed (server/http/two-factor-requirement.ts drops its cache). */
  readonly onTwoFactorRequirementChanged?: () => void
}

/** The workspace routes, to be mounted at `/api/organizations` (next to the team routes). */
export function workspaceRoutes(deps: WorkspaceRoutesDeps): Hono<{ Variables: AccessVariables }> {
  const { db } = deps
  const app = new Hono<{ Variables: AccessVariables }>()
  const authenticated = requireAccessToken(deps.signingKey, deps.now)
  const { member, requirePermission } = accessControl(db)
  const route = contractRoutes(app, '/organizations')

  /** The workspace as the caller's list shows it; it must exist, the caller having just changed it. */
  const answer = async (userId: string, orgId: string): Promise<WorkspaceItem> => {
    const workspace = await findWorkspace(db, userId, orgId)
    // Only possible if the caller left or the org was deleted concurrently.
    if (workspace === undefined) throw forbiddenOrg()
    return toWorkspaceItem(workspace)
  }

  /*
   * SPEC.md §7 create-new: any member of the current org may create a workspace of their own.
   * Status: a person who is a member of some waitlist-approved workspace has passed the waitlist
   * already, so their new workspace is approved and its sign-up complete; anyone else's waits
   * like a sign-up's (approved at once with WAITLIST=off, but still to complete sign-up), so
   * creating workspaces is no way around the waitlist.
   */
  route(api.createWorkspace, [authenticated, member], async (c, { body }) => {
    const { userId } = c.var
    const now = new Date(deps.now())
    const orgId = await db.transaction(async (tx) => {
      const creator = await lockCreator(tx, userId)
      // The account was deleted after the token was issued.
      if (creator === undefined) throw unauthorized()
      if (creator.owned >= MAX_OWNED_WORKSPACES) {
        throw conflict(`You can create at most ${MAX_OWNED_WORKSPACES} workspaces.`)
      }
      return insertWorkspace(tx, {
        ownerId: userId,
        name: body.org_name ?? defaultWorkspaceName(creator.fullName, creator.memberOfNames),
        waitlistApproved: creator.inApprovedWorkspace || !deps.waitlistEnabled,
        signupCompleted: creator.inApprovedWorkspace,
        now,
      })
    })
    return answer(userId, orgId)
  })

  /*
   * The sign-up-info form (ours): stores the answers and sets signup_completed. Only once the
   * workspace is off the waitlist (the browser shows /app/waitlist before that), and only once.
   * One conditional UPDATE decides, so two concurrent submissions cannot both succeed; the state
   * is read again only to word the refusal.
   */
  route(api.completeSignup, [authenticated, requirePermission('ORGANIZATIONS', 'UPDATE')], async (c, { body }) => {
    const { userId, orgId } = c.var
    const [updated] = await db
      .update(organizations)
      .set({ companyName: body.company_name, teamSize: body.team_size, useCase: body.use_case, signupCompleted: true })
      .where(and(eq(organizations.id, orgId), eq(organizations.waitlistApproved, true), not(organizations.signupCompleted)))
      .returning({ id: organizations.id })
    if (updated === undefined) {
      const [org] = await db.select({ approved: organizations.waitlistApproved }).from(organizations).where(eq(organizations.id, orgId))
      if (org === undefined) throw forbiddenOrg()
      throw conflict(org.approved ? 'Sign-up is already complete.' : 'This workspace is still on the waitlist.')
    }
    return answer(userId, orgId)
  })

  /*
   * Workspace Settings (ours): renames the current workspace (names need not be unique) and/or
   * sets whether it requires two-factor authentication of every member, and the language people
   * new to Engage start in when added to it. Turning the
   * requirement on is refused with 409 on `require_two_factor` while the caller has not turned
   * two-factor on for themself: they would lock themself out. One transaction holds the org's
   * row, the changes and their audit entries (`workspace.renamed`, `workspace.two_factor_required`
   * with `{ required }`, `workspace.default_language_changed` with `{ from, to }`), each only when
   * the value really changes.
   */
  route(api.updateWorkspace, [authenticated, requirePermission('ORGANIZATIONS', 'UPDATE')], async (c, { body }) => {
    const { userId, orgId } = c.var
    const now = new Date(deps.now())
    const settings = await db.transaction(async (tx) => {
      const [org] = await tx
        .select({ name: organizations.name, requireTwoFactor: organizations.requireTwoFactor, defaultLanguage: organizations.defaultLanguage })
        .from(organizations)
        .where(eq(organizations.id, orgId))
        .for('update')
      if (org === undefined) throw forbiddenOrg()
      if (body.require_two_factor === true && !org.requireTwoFactor) {
        const [caller] = await tx.select({ enabledAt: users.twoFactorEnabledAt }).from(users).where(eq(users.id, userId))
        if (caller?.enabledAt == null) {
          throw conflict(TWO_FACTOR_MESSAGES.adminWithoutTwoFactor, [{ path: ['require_two_factor'], message: TWO_FACTOR_MESSAGES.adminWithoutTwoFactor }])
        }
      }
      const name = body.org_name ?? org.name
      const required = body.require_two_factor ?? org.requireTwoFactor
      const language = body.default_language === undefined ? org.defaultLanguage : body.default_language
      await tx.update(organizations).set({ name, requireTwoFactor: required, defaultLanguage: language }).where(eq(organizations.id, orgId))
      const actor = await auditActor(tx, userId)
      const entries: AuditEntry[] = []
      if (name !== org.name) {
        entries.push({ orgId, ...actor, kind: 'workspace.renamed', targetId: orgId, targetLabel: name, details: { from: org.name, to: name }, at: now })
      }
      if (required !== org.requireTwoFactor) {
        entries.push({ orgId, ...actor, kind: 'workspace.two_factor_required', targetId: orgId, targetLabel: name, details: { required }, at: now })
      }
      if (language !== org.defaultLanguage) {
        entries.push({ orgId, ...actor, kind: 'workspace.default_language_changed', targetId: orgId, targetLabel: name, details: { from: org.defaultLanguage, to: language }, at: now })
      }
      await recordAudit(tx, ...entries.map((entry) => ({ ...entry, ipAddress: auditAddress(deps.address, c) })))
      return { required, language: language as Language | null }
    })
    deps.onTwoFactorRequirementChanged?.()
    return { ...(await answer(userId, orgId)), require_two_factor: settings.required, default_language: settings.language }
  })

  /* The current workspace as its settings show it (the public API): any member, or a key of it. */
  route(api.current, [authenticated, member], async (c) => {
    const { userId, orgId } = c.var
    const [org] = await db
      .select({ requireTwoFactor: organizations.requireTwoFactor, defaultLanguage: organizations.defaultLanguage })
      .from(organizations)
      .where(eq(organizations.id, orgId))
    if (org === undefined) throw forbiddenOrg()
    // The column's check allows only shipped languages.
    return { ...(await answer(userId, orgId)), require_two_factor: org.requireTwoFactor, default_language: org.defaultLanguage as Language | null }
  })

  return app
}

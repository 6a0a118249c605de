/**
 * The Overview page's facts about the current workspace (`GET /api/overview`, ours,
 * docs/api.md): how big the team is and what a new workspace has done of its getting-started
 * checklist. Shared by the server (server/overview/routes.ts) and the Overview machine
 * (machines/overview, src/system/overview.ts).
 *
 * Everything is of the caller's current org (`x-org-id`) or of the caller in it; a fact the
 * caller may not read is `null`, never a 403, so the page asks once whatever the person's role.
 * Credits and notifications are not here: the shell's credits and notifications actors hold them.
 */
import { Schema } from 'effect'
import { endpoint } from './endpoint.ts'

const Count = Schema.Number.check(Schema.isInt(), Schema.isGreaterThanOrEqualTo(0))

/** The team card: members of the workspace and invitations not yet answered. */
export const OverviewTeam = Schema.Struct({
  /** Members, including those who have not set their password yet. */
  members: Count,
  /**
   * Invitations not yet taken up: members still without a password (invited by email) plus
   * existing accounts invited here who have not accepted.
   */
  pending_invites: Count,
})
export type OverviewTeam = typeof OverviewTeam.Type

/**
 * The getting-started checklist, each item true once done. `null`: the caller may neither read
 * nor do what the item is about (TEAM_MEMBERS, PERMISSION_SETS), so the item is not shown.
 */
export const OverviewChecklist = Schema.Struct({
  /** The workspace has a second member or a pending invitation. */
  invited_teammate: Schema.NullOr(Schema.Boolean),
  /** The workspace has a permission set of its own (a custom set; system sets do not count). */
  created_role: Schema.NullOr(Schema.Boolean),
  /** The caller has a push subscription in this workspace (any of their devices). */
  turned_on_push: Schema.Boolean,
  /** The caller has saved their notification preferences at least once. */
  saved_preferences: Schema.Boolean,
})
export type OverviewChecklist = typeof OverviewChecklist.Type

/** `GET /api/overview` (ours): 200 for any member of the current org; `team` null without TEAM_MEMBERS read. */
export const OverviewResponse = Schema.Struct({
  team: Schema.NullOr(OverviewTeam),
  checklist: OverviewChecklist,
})
export type OverviewResponse = typeof OverviewResponse.Type

// ---------------------------------------------------------------------------------------------
// Endpoint (contract/endpoint.ts)

/** `GET /overview` (ours): any member of the workspace in `x-org-id` (403 otherwise). */
export const overviewApi = {
  overview: endpoint('GET', '/overview', { response: OverviewResponse, errors: ['forbidden', 'two_factor_required'] }),
}

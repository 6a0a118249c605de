/**
 * Contract-shaped `GET /api/overview` answers for tests and stories, one per
 * checklist state a person can see. `acmeOverview` mirrors the demo seed: Acme has two members
 * and its own Support Agent role.
 */
import type { OverviewResponse } from '../../contract/overview.ts'

/** A workspace just signed up: one member, nothing done. */
export const freshOverview: OverviewResponse = {
  team: { members: 1, pending_invites: 0 },
  checklist: { invited_teammate: false, created_role: false, turned_on_push: false, saved_preferences: false },
}

/** The demo's Acme for its admin: two members, a custom role, push and preferences not yet. */
export const acmeOverview: OverviewResponse = {
  team: { members: 2, pending_invites: 0 },
  checklist: { invited_teammate: true, created_role: true, turned_on_push: false, saved_preferences: false },
}

/** Everything done: the checklist collapses to 'All set'. */
export const doneOverview: OverviewResponse = {
  team: { members: 6, pending_invites: 2 },
  checklist: { invited_teammate: true, created_role: true, turned_on_push: true, saved_preferences: true },
}

/** A member who may not read the team nor roles (the demo's Support Agent). */
export const agentOverview: OverviewResponse = {
  team: null,
  checklist: { invited_teammate: null, created_role: null, turned_on_push: false, saved_preferences: true },
}

/**
 * Workspaces, sign-up and credits (SPEC.md §3 Workspace list item, Credits summary; §4 Switching
 * org, Creating a workspace; §7 /organizations/create-new, /org-billing/monthly-credits-usage).
 * Sign-up, complete-signup and rename are ours: the spec does not show them.
 */
import { Schema } from 'effect'
import { Email, Language, SignInResponse, WorkspaceItem } from './api.ts'
import { BotCheckProof } from './botcheck.ts'
import { endpoint } from './endpoint.ts'
import { Trimmed } from './validate.ts'

/** A workspace name: 1–80 characters after trimming. */
export const WorkspaceName = Trimmed('Workspace name', 1, 80)

/**
 * The plans a person can start a workspace on by signing up (ours: /pricing's 'Start with
 * Starter' and 'Start with Growth'). Enterprise is agreed on a call, so it is not one of them.
 */
export const SignUpPlans = ['starter', 'growth'] as const
export const SignUpPlan = Schema.Literals(SignUpPlans)
export type SignUpPlan = typeof SignUpPlan.Type

/** What each sign-up plan gives a workspace: its name and credits per month (the server's plans and /pricing's cards read these). */
export const SIGN_UP_PLAN_TERMS: Readonly<Record<SignUpPlan, { readonly planName: string; readonly monthlyCredits: number }>> = {
  starter: { planName: 'Starter', monthlyCredits: 1000 },
  growth: { planName: 'Growth', monthlyCredits: 10_000 },
}

/**
 * `POST /users/signup` (ours): creates the user and their first workspace. Answers like sign-in.
 * `bot_check_proof` as for sign-in: required while BOT_CHECK is on. `plan`: the plan the new
 * workspace starts on (Starter when absent).
 */
export const SignUpRequest = Schema.Struct({
  fullName: Trimmed('Your name', 1, 120),
  email: Email,
  password: Schema.String.check(
    Schema.isMinLength(10, { message: 'Use at least 10 characters' }),
    Schema.isMaxLength(1024, { message: 'Password is too long' }),
  ),
  org_name: WorkspaceName,
  plan: Schema.optional(SignUpPlan),
  /** Ours: the language the sign-up page spoke (the browser's, or one chosen there): the new account's language. */
  language: Schema.optional(Language),
  bot_check_proof: Schema.optional(BotCheckProof),
})
export type SignUpRequest = typeof SignUpRequest.Encoded

/**
 * `POST /organizations/create-new` (SPEC §7: no payload; the server names it). Optional body
 * `{ org_name }` (ours) lets the switcher name it; without it the server picks "<first name>'s workspace".
 */
export const CreateWorkspaceRequest = Schema.Struct({ org_name: Schema.optional(WorkspaceName) })
export type CreateWorkspaceRequest = typeof CreateWorkspaceRequest.Encoded

/** `POST /organizations/create-new` response: the new workspace, as a list item. */
export const CreateWorkspaceResponse = WorkspaceItem

/**
 * An invitation of the signed-in person to another workspace, as they see it
 * (`GET /users/invitations`). The workspace joins their list only once they accept
 * (`POST /users/invitations/{id}/accept`, answered with the new `WorkspaceItem`).
 */
export const PendingInvitation = Schema.Struct({
  id: Schema.String,
  org_id: Schema.String,
  org_name: Schema.String,
  /** Who invited them, by name (or email; empty if that account is gone). */
  invited_by: Schema.Struct({ label: Schema.String }),
  /** When it was sent (ISO 8601). */
  created_at: Schema.String,
})
export type PendingInvitation = typeof PendingInvitation.Type

/** `GET /users/invitations`: the caller's pending invitations, newest first. */
export const PendingInvitationList = Schema.Struct({ invitations: Schema.Array(PendingInvitation) })
export type PendingInvitationList = typeof PendingInvitationList.Type

/** `POST /users/invitations/{id}/accept`: the workspace just joined, as the list shows it. */
export const AcceptInvitationResponse = WorkspaceItem

/** Team sizes offered on the sign-up-info form. */
export const TeamSizes = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const

/** `POST /organizations/complete-signup` (ours): the sign-up-info form; sets signup_completed. */
export const CompleteSignupRequest = Schema.Struct({
  company_name: Trimmed('Company name', 1, 120),
  team_size: Schema.Literals(TeamSizes),
  use_case: Trimmed('Use case', 1, 1000),
})
export type CompleteSignupRequest = typeof CompleteSignupRequest.Encoded

/** `PUT /organizations/current` (ours): rename the current workspace (ORGANIZATIONS update). */
export const RenameWorkspaceRequest = Schema.Struct({ org_name: WorkspaceName })

/** Says which field an empty update should have carried. */
export const UPDATE_WORKSPACE_EMPTY_MESSAGE = 'Send org_name, require_two_factor or default_language'

/**
 * `PUT /organizations/current` (ours; ORGANIZATIONS update): the workspace's settings, each
 * optional, at least one. `require_two_factor` makes two-factor authentication
 * required of every member; turning it on is refused (409, on that field) while the caller has
 * not turned it on for themself (`TWO_FACTOR_MESSAGES.adminWithoutTwoFactor`). `default_language`
 * is the language a person new to Engage starts in when added to this workspace (null: their
 * browser's); people with an account keep theirs.
 */
export const UpdateWorkspaceRequest = Schema.Struct({
  org_name: Schema.optional(WorkspaceName),
  require_two_factor: Schema.optional(Schema.Boolean),
  default_language: Schema.optional(Schema.NullOr(Language)),
}).check(
  Schema.makeFilter((v) => v.org_name !== undefined || v.require_two_factor !== undefined || v.default_language !== undefined || UPDATE_WORKSPACE_EMPTY_MESSAGE),
)
export type UpdateWorkspaceRequest = typeof UpdateWorkspaceRequest.Encoded

/** Answer of `PUT /organizations/current`: the workspace as a list item, with its two-factor requirement and default language. */
export const WorkspaceSettingsResponse = Schema.Struct({
  ...WorkspaceItem.fields,
  require_two_factor: Schema.Boolean,
  /** Ours: the language new members start in (null: their browser's). Absent from older servers. */
  default_language: Schema.optional(Schema.NullOr(Language)),
})
export type WorkspaceSettingsResponse = typeof WorkspaceSettingsResponse.Type

/** Answer of complete-signup and rename: the workspace as a list item. */
export const WorkspaceResponse = WorkspaceItem

/**
 * SPEC §3 Credits summary. `null` totals mean an unlimited plan (shown as 'Unlimited');
 * `creditsByCategory` maps a category (ai, voice, messaging...) to the credits used this month.
 */
export const CreditsSummary = Schema.Struct({
  totalCredits: Schema.NullOr(Schema.Number),
  usedCredits: Schema.Number,
  remainingCredits: Schema.NullOr(Schema.Number),
  percentageUsed: Schema.Number,
  creditsByCategory: Schema.Record(Schema.String, Schema.Number),
  aiCredits: Schema.Number,
  /** Ours: the plan's name and when this month's credits reset (ISO date). */
  planName: Schema.String,
  periodStart: Schema.String,
  resetsAt: Schema.String,
})
export type CreditsSummary = typeof CreditsSummary.Type

/** `GET /org-billing/monthly-credits-usage` (SPEC §7: the client reads `data.summary`). */
export const MonthlyCreditsUsageResponse = Schema.Struct({ data: Schema.Struct({ summary: CreditsSummary }) })
export type MonthlyCreditsUsageResponse = typeof MonthlyCreditsUsageResponse.Type

/** SPEC §3: the initial credits value before the first load: unlimited, nothing used. */
export const INITIAL_CREDITS: CreditsSummary = {
  totalCredits: null,
  usedCredits: 0,
  remainingCredits: null,
  percentageUsed: 0,
  creditsByCategory: {},
  aiCredits: 0,
  planName: '',
  periodStart: '',
  resetsAt: '',
}

// ---------------------------------------------------------------------------------------------
// Endpoints (contract/endpoint.ts): sign-up, the workspaces of the signed-in person, the current
// workspace's settings and credits, and the person's invitations to other workspaces.

/** 403 for a non-member, a missing permission, or a workspace requiring two-factor the caller lacks. */
const guarded = ['forbidden', 'two_factor_required'] as const

/**
 * - `signUp` (ours, public): an account and its first workspace, answered like sign-in (201);
 *   409 `conflict` at `email` for a taken address, 403 `bot_check_required` without a proof.
 * - `createWorkspace` (SPEC §7): the caller's own (201); the body may be left out; 409 past the
 *   most a person may own.
 * - `completeSignup` (ours): the sign-up-info form, once, after the waitlist (409 otherwise).
 * - `updateWorkspace` (ours): rename and/or require two-factor (409 at `require_two_factor`
 *   while the caller has not turned it on).
 * - `monthlyCreditsUsage` (SPEC §7): this month's credits.
 * - `myInvitations`, `acceptInvitation`, `declineInvitation`: the bearer alone (no `x-org-id`);
 *   404 for an invitation no longer pending.
 */
export const workspacesApi = {
  signUp: endpoint('POST', '/users/signup', {
    body: SignUpRequest,
    response: SignInResponse,
    status: 201,
    access: 'public',
    errors: ['conflict', 'bot_check_required'],
  }),
  createWorkspace: endpoint('POST', '/organizations/create-new', {
    body: CreateWorkspaceRequest,
    optionalBody: true,
    response: CreateWorkspaceResponse,
    status: 201,
    errors: [...guarded, 'conflict'],
  }),
  completeSignup: endpoint('POST', '/organizations/complete-signup', { body: CompleteSignupRequest, response: WorkspaceResponse, errors: [...guarded, 'conflict'] }),
  /** The current workspace (the public API): any member, or a key. */
  current: endpoint('GET', '/organizations/current', { response: WorkspaceSettingsResponse, errors: guarded, apiKeys: true }),
  updateWorkspace: endpoint('PUT', '/organizations/current', { body: UpdateWorkspaceRequest, response: WorkspaceSettingsResponse, errors: [...guarded, 'conflict'] }),
  monthlyCreditsUsage: endpoint('GET', '/org-billing/monthly-credits-usage', { response: MonthlyCreditsUsageResponse, errors: guarded, apiKeys: true }),
  myInvitations: endpoint('GET', '/users/invitations', { response: PendingInvitationList }),
  acceptInvitation: endpoint('POST', '/users/invitations/:id/accept', { response: AcceptInvitationResponse, errors: ['not_found'] }),
  declineInvitation: endpoint('POST', '/users/invitations/:id/decline', { errors: ['not_found'] }),
}

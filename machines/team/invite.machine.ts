/**
 * Inviting a person to the current org (SPEC.md §2.5 `/app/setting/team/invite`, TEAM_MEMBERS
 * create; the call is ours: `POST /organizations/members/invite`, see docs/api.md).
 *
 *   loading ──(sets)──▶ editing ──invite.submit (valid)──▶ sending ──▶ sent      (emits `invite.sent`)
 *      └──▶ loadFailed ──invite.retry──▶ loading          └──▶ editing (field/form errors, emits `invite.failed`)
 *
 * Email is required and must look like an address, the name is optional, and at least one role
 * (permission set) must be ticked: the contract's `InviteMemberRequest` decides, in the browser
 * first and again on the server, whose 400 issues and 409 ("already a member") land on the same
 * fields. The page turns the emitted events into toasts and navigation.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { PermissionSet } from '../../contract/api.ts'
import { type DisplayText, localized, type LocalizedText } from '../../contract/messages.ts'
import { InviteMemberRequest, type InviteMemberResponse } from '../../contract/team.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { inviteMessages } from './invite.messages.ts'

/** The form's fields, as `fieldErrors` keys (the contract's names). */
export const INVITE_FIELDS = ['email', 'fullName', 'permission_set_ids'] as const

export interface InviteContext {
  /** The org's sets to choose from; null until loaded. */
  readonly sets: ReadonlyArray<PermissionSet> | null
  readonly email: string
  readonly fullName: string
  /** Ticked set `_id`s, in the order they were ticked. */
  readonly selection: ReadonlyArray<string>
  readonly fieldErrors: Readonly<Record<string, string>>
  readonly formError: DisplayText | null
  readonly loadError: DisplayText | null
}

export type InviteEvent =
  | { type: 'invite.changeEmail'; value: string }
  | { type: 'invite.changeName'; value: string }
  | { type: 'invite.toggleSet'; setId: string }
  | { type: 'invite.submit' }
  | { type: 'invite.retry' }

export type InviteEmitted =
  /** `member` is a `TeamMember`, or a pending `TeamInvitation` for an existing account. */
  { type: 'invite.sent'; member: InviteMemberResponse } | { type: 'invite.failed'; status: number; message: DisplayText }

/** Shown when the roles could not be loaded and the error carries no message (ours). */
export const INVITE_LOAD_FAILED_MESSAGE = localized(inviteMessages.loadFailedRetry)
/** Toast of an invitation that added the person (a new account, which sets a password; ours). */
export const INVITE_SENT_MESSAGE = localized(inviteMessages.sent)
/** Toast of an invitation an existing account must accept first. */
export const INVITE_PENDING_MESSAGE = localized(inviteMessages.pending)

/** The toast for an invite's answer: a pending invitation waits for the person's consent. */
export function inviteSentMessage(answer: InviteMemberResponse): LocalizedText {
  return answer.status === 'pending' ? INVITE_PENDING_MESSAGE : INVITE_SENT_MESSAGE
}

/** Toast text of a failed invitation whose error carries no message (ours). */
export const INVITE_FAILED_MESSAGE = localized(inviteMessages.failed)

export const inviteMachine = setup({
  types: {
    context: {} as InviteContext,
    events: {} as InviteEvent,
    emitted: {} as InviteEmitted,
  },
  actors: {
    /** `GET /permissions/permission-sets`. Provided by the page. */
    loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, void>(async () => {
      throw new Error('loadPermissionSets is provided by the page')
    }),
    /** `POST /organizations/members/invite`; resolves with the new member, or the pending invitation of an existing account. */
    inviteMember: fromPromise<InviteMemberResponse, InviteMemberRequest>(async () => {
      throw new Error('inviteMember is provided by the page')
    }),
  },
  guards: {
    isValidInvite: ({ context }) => Object.keys(inviteErrors(toRequest(context))).length === 0,
  },
  actions: {
    assignSets: assign((_, params: { sets: ReadonlyArray<PermissionSet> }) => ({ sets: params.sets })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], INVITE_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ sets: null, loadError: null }),
    assignEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    assignName: assign((_, params: { value: string }) => ({ fullName: params.value })),
    assignToggle: assign(({ context }, params: { setId: string }) => ({
      selection: context.selection.includes(params.setId) ? context.selection.filter((id) => id !== params.setId) : [...context.selection, params.setId],
    })),
    /** Editing a field takes its error away; the others stay until the next submit. */
    clearFieldError: assign(({ context }, params: { field: (typeof INVITE_FIELDS)[number] }) => {
      if (!(params.field in context.fieldErrors)) return {}
      const { [params.field]: _, ...rest } = context.fieldErrors
      return { fieldErrors: rest }
    }),
    assignValidationErrors: assign(({ context }) => ({ fieldErrors: inviteErrors(toRequest(context)), formError: null })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignSendFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, INVITE_FIELDS, INVITE_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    emitSent: emit((_, params: { member: InviteMemberResponse }) => ({ type: 'invite.sent' as const, member: params.member })),
    emitFailed: emit((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, INVITE_FIELDS, INVITE_FAILED_MESSAGE)
      return { type: 'invite.failed' as const, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'invite',
  context: { sets: null, email: '', fullName: '', selection: [], fieldErrors: {}, formError: null, loadError: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPermissionSets',
        src: 'loadPermissionSets',
        onDone: { target: 'editing', actions: { type: 'assignSets', params: ({ event }) => ({ sets: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'invite.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    editing: {
      on: {
        'invite.changeEmail': {
          actions: [{ type: 'assignEmail', params: ({ event }) => event }, { type: 'clearFieldError', params: { field: 'email' } }],
        },
        'invite.changeName': {
          actions: [{ type: 'assignName', params: ({ event }) => event }, { type: 'clearFieldError', params: { field: 'fullName' } }],
        },
        'invite.toggleSet': {
          actions: [{ type: 'assignToggle', params: ({ event }) => event }, { type: 'clearFieldError', params: { field: 'permission_set_ids' } }],
        },
        'invite.submit': [{ guard: 'isValidInvite', target: 'sending', actions: 'clearErrors' }, { actions: 'assignValidationErrors' }],
      },
    },
    sending: {
      invoke: {
        id: 'inviteMember',
        src: 'inviteMember',
        input: ({ context }) => toRequest(context),
        onDone: { target: 'sent', actions: { type: 'emitSent', params: ({ event }) => ({ member: event.output }) } },
        onError: {
          target: 'editing',
          actions: [
            { type: 'assignSendFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    sent: { type: 'final' },
  },
})

export type InviteMachine = typeof inviteMachine

/** The request body: trimmed email and name (an empty name is left out), ticked sets in list order. */
export function toRequest(context: Pick<InviteContext, 'email' | 'fullName' | 'selection' | 'sets'>): InviteMemberRequest {
  const name = context.fullName.trim()
  const ordered = (context.sets ?? []).map((s) => s._id).filter((id) => context.selection.includes(id))
  return {
    email: context.email.trim(),
    ...(name ? { fullName: name } : {}),
    permission_set_ids: ordered,
  }
}

/** Field errors of a request by the contract's rules; empty when it may be sent. */
export function inviteErrors(request: InviteMemberRequest): Record<string, string> {
  const result = validate(InviteMemberRequest, request)
  return result.ok ? {} : fieldErrors(result.issues)
}

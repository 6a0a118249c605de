/**
 * Workspace Settings (SPEC.md §2.4 Account & Billing → /app/setting/workspace-settings,
 * ORGANIZATIONS): rename the current workspace. The call is ours (`PUT /organizations/current`,
 * docs/api.md); the spec shows no settings form.
 *
 *   editing ──workspaceSettings.submit (valid)──▶ saving ──▶ editing   (emits `workspaceSettings.renamed`)
 *      └─(invalid: field error, nothing sent)          └──▶ editing   (field/form errors, emits `workspaceSettings.failed`)
 *
 * The name follows the contract's `RenameWorkspaceRequest` (1–80 characters after trimming), in
 * the browser first and again on the server, whose 400 issues land on the same field. The page
 * turns the emitted events into a toast, a re-verification (so the header shows the new name)
 * and a refetch of the workspace list.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { WorkspaceItem } from '../../contract/api.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { RenameWorkspaceRequest } from '../../contract/workspaces.ts'
import { toFailure } from '../roleEditor/failure.ts'

/** The form's field, as a `fieldErrors` key (the contract's name). */
export const WORKSPACE_SETTINGS_FIELDS = ['org_name'] as const

/** Toast of a rename (ours: the spec shows no settings form). */
export const WORKSPACE_RENAMED_MESSAGE = 'Workspace renamed'
/** Toast of a failed rename whose error carries no message (ours). */
export const WORKSPACE_RENAME_FAILED_MESSAGE = 'Could not rename the workspace. Please try again.'

export interface WorkspaceSettingsInput {
  /** The current workspace's name, the field's starting value. */
  readonly name: string
}

export interface WorkspaceSettingsContext {
  readonly name: string
  readonly fieldErrors: Readonly<Record<string, string>>
  readonly formError: string | null
}

export type WorkspaceSettingsEvent = { type: 'workspaceSettings.changeName'; value: string } | { type: 'workspaceSettings.submit' }

export type WorkspaceSettingsEmitted =
  | { type: 'workspaceSettings.renamed'; workspace: WorkspaceItem }
  | { type: 'workspaceSettings.failed'; status: number; message: string }

/** The request body for what was typed: the name trimmed. */
export function toRenameRequest(name: string): { org_name: string } {
  return { org_name: name.trim() }
}

/** Field errors of a name by the contract's rules; empty when it may be sent. */
export function renameErrors(name: string): Record<string, string> {
  const result = validate(RenameWorkspaceRequest, toRenameRequest(name))
  return result.ok ? {} : fieldErrors(result.issues)
}

export const workspaceSettingsMachine = setup({
  types: {
    context: {} as WorkspaceSettingsContext,
    input: {} as WorkspaceSettingsInput,
    events: {} as WorkspaceSettingsEvent,
    emitted: {} as WorkspaceSettingsEmitted,
  },
  actors: {
    /** `PUT /organizations/current`; resolves with the renamed workspace. Provided by the page. */
    renameWorkspace: fromPromise<WorkspaceItem, { org_name: string }>(async () => {
      throw new Error('renameWorkspace is provided by the page')
    }),
  },
  guards: {
    isValidName: ({ context }) => Object.keys(renameErrors(context.name)).length === 0,
  },
  actions: {
    assignName: assign((_, params: { value: string }) => ({ name: params.value })),
    /** Editing the name takes its error away. */
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignValidationErrors: assign(({ context }) => ({ fieldErrors: renameErrors(context.name), formError: null })),
    /** The field shows the name as the server saved it (trimmed). */
    assignSaved: assign((_, params: { workspace: WorkspaceItem }) => ({ name: params.workspace.org_name ?? '' })),
    assignSaveFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, WORKSPACE_SETTINGS_FIELDS, WORKSPACE_RENAME_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    emitRenamed: emit((_, params: { workspace: WorkspaceItem }) => ({ type: 'workspaceSettings.renamed' as const, workspace: params.workspace })),
    emitFailed: emit((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, WORKSPACE_SETTINGS_FIELDS, WORKSPACE_RENAME_FAILED_MESSAGE)
      return { type: 'workspaceSettings.failed' as const, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'workspaceSettings',
  context: ({ input }) => ({ name: input.name, fieldErrors: {}, formError: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'workspaceSettings.changeName': { actions: [{ type: 'assignName', params: ({ event }) => event }, 'clearErrors'] },
        'workspaceSettings.submit': [{ guard: 'isValidName', target: 'saving', actions: 'clearErrors' }, { actions: 'assignValidationErrors' }],
      },
    },
    saving: {
      invoke: {
        id: 'renameWorkspace',
        src: 'renameWorkspace',
        input: ({ context }) => toRenameRequest(context.name),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ workspace: event.output }) },
            { type: 'emitRenamed', params: ({ event }) => ({ workspace: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
})

export type WorkspaceSettingsMachine = typeof workspaceSettingsMachine

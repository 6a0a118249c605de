/**
 * Workspace Settings (SPEC.md §2.4 Account & Billing → /app/setting/workspace-settings,
 * ORGANIZATIONS): rename the current workspace, require two-factor authentication of every
 * member, and choose the language people new to Engage start in. The call is ours
 * (`PUT /organizations/current`, docs/api.md); the spec shows no settings form. Three parallel
 * regions, one per setting, so a rename, a toggle and a choice never wait on each other:
 *
 *   name:        editing ──workspaceSettings.submit (valid)──▶ saving ──▶ editing   (emits `workspaceSettings.renamed`)
 *                   └─(invalid: field error, nothing sent)          └──▶ editing   (field/form errors, emits `workspaceSettings.failed`)
 *
 *   requirement: idle | saved | failed ──workspaceSettings.setRequirement──▶ saving ──▶ saved   (emits `workspaceSettings.requirementSaved`)
 *                                                                                 └──▶ failed  (the server's message beside the switch)
 *
 *   language:    idle | saved | failed ──workspaceSettings.setDefaultLanguage──▶ saving ──▶ saved (emits `workspaceSettings.languageSaved`)
 *                                                                                     └──▶ failed (the message beside the field)
 *
 * Turning the requirement on while the caller has no second factor answers 409 with an issue on
 * `require_two_factor` (TWO_FACTOR_MESSAGES.adminWithoutTwoFactor); the switch goes back to the
 * saved value and shows that message.
 *
 * The name follows the contract's `RenameWorkspaceRequest` (1–80 characters after trimming), in
 * the browser first and again on the server, whose 400 issues land on the same field. The page
 * turns the emitted events into a toast, a re-verification (so the header shows the new name)
 * and a refetch of the workspace list.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { Language, WorkspaceItem } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { RenameWorkspaceRequest } from '../../contract/workspaces.ts'
import { toFailure } from '../shared/failure.ts'
import { workspaceSettingsMessages } from './workspaceSettings.messages.ts'

/** The form's field, as a `fieldErrors` key (the contract's name). */
export const WORKSPACE_SETTINGS_FIELDS = ['org_name'] as const

/** Toast of a rename (ours: the spec shows no settings form). */
export const WORKSPACE_RENAMED_MESSAGE = localized(workspaceSettingsMessages.renamed)
/** Toast of a failed rename whose error carries no message (ours). */
export const WORKSPACE_RENAME_FAILED_MESSAGE = localized(workspaceSettingsMessages.renameFailed)
/** Beside the switch when a change of the two-factor requirement fails without a message (ours). */
export const REQUIREMENT_FAILED_MESSAGE = localized(workspaceSettingsMessages.requirementFailed)
/** The toast once the requirement is saved (ours). */
/** Beside the language field when saving the default fails without a message (ours). */
export const LANGUAGE_FAILED_MESSAGE = localized(workspaceSettingsMessages.languageFailed)
/** The toast once the default language is saved (ours). */
export const LANGUAGE_SAVED_MESSAGE = localized(workspaceSettingsMessages.languageSaved)
export const REQUIREMENT_SAVED_MESSAGES = {
  on: localized(workspaceSettingsMessages.requirementOn),
  off: localized(workspaceSettingsMessages.requirementOff),
} as const

export interface WorkspaceSettingsInput {
  /** The current workspace's name, the field's starting value. */
  readonly name: string
  /** Whether the workspace requires two-factor authentication (verify-token's `require_two_factor`). */
  readonly requireTwoFactor?: boolean
  /** The language people new to Engage start in (verify-token's `default_language`); null: their browser's. */
  readonly defaultLanguage?: Language | null
}

export interface WorkspaceSettingsContext {
  readonly name: string
  readonly fieldErrors: Readonly<Record<string, string>>
  readonly formError: DisplayText | null
  /** The requirement as last saved (or as the session said at the start). */
  readonly requireTwoFactor: boolean
  /** The value being saved, while `requirement.saving`; null otherwise. */
  readonly requirementRequest: boolean | null
  /** The server's message of the last failed change, while `requirement.failed`. */
  readonly requirementError: DisplayText | null
  /** The default language as last saved; null: each person's browser decides. */
  readonly defaultLanguage: Language | null
  /** The value being saved, while `language.saving` (`{ value: null }` clears it); null otherwise. */
  readonly languageRequest: { readonly value: Language | null } | null
  /** Why the last change failed, while `language.failed`. */
  readonly languageError: DisplayText | null
}

export type WorkspaceSettingsEvent =
  | { type: 'workspaceSettings.changeName'; value: string }
  | { type: 'workspaceSettings.submit' }
  | { type: 'workspaceSettings.setRequirement'; required: boolean }
  | { type: 'workspaceSettings.setDefaultLanguage'; language: Language | null }

export type WorkspaceSettingsEmitted =
  | { type: 'workspaceSettings.renamed'; workspace: WorkspaceItem }
  | { type: 'workspaceSettings.failed'; status: number; message: DisplayText }
  | { type: 'workspaceSettings.requirementSaved'; required: boolean }
  | { type: 'workspaceSettings.languageSaved'; language: Language | null }

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
    /** `PUT /organizations/current` {require_two_factor}; resolves with the saved value. Provided by the page. */
    setRequirement: fromPromise<{ require_two_factor: boolean }, { required: boolean }>(async () => {
      throw new Error('setRequirement is provided by the page')
    }),
    /** `PUT /organizations/current` {default_language}; resolves with the saved value. Provided by the page. */
    setDefaultLanguage: fromPromise<{ default_language?: Language | null }, { language: Language | null }>(async () => {
      throw new Error('setDefaultLanguage is provided by the page')
    }),
  },
  guards: {
    isValidName: ({ context }) => Object.keys(renameErrors(context.name)).length === 0,
    isNoRequirementInFlight: ({ context }) => context.requirementRequest === null,
    isNoLanguageInFlight: ({ context }) => context.languageRequest === null,
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
    assignRequirementRequest: assign((_, params: { required: boolean }) => ({ requirementRequest: params.required, requirementError: null })),
    assignRequirementSaved: assign((_, params: { required: boolean }) => ({ requireTwoFactor: params.required, requirementRequest: null })),
    assignRequirementFailure: assign((_, params: { error: unknown }) => ({
      requirementRequest: null,
      // The 409's issue sits on `require_two_factor`; any other failure has only its message.
      requirementError: toFailure(params.error, ['require_two_factor'], REQUIREMENT_FAILED_MESSAGE).message,
    })),
    assignLanguageRequest: assign((_, params: { language: Language | null }) => ({ languageRequest: { value: params.language }, languageError: null })),
    assignLanguageSaved: assign((_, params: { language: Language | null }) => ({ defaultLanguage: params.language, languageRequest: null })),
    assignLanguageFailure: assign((_, params: { error: unknown }) => ({
      languageRequest: null,
      languageError: toFailure(params.error, ['default_language'], LANGUAGE_FAILED_MESSAGE).message,
    })),
    emitLanguageSaved: emit((_, params: { language: Language | null }) => ({ type: 'workspaceSettings.languageSaved' as const, language: params.language })),
    emitRequirementSaved: emit((_, params: { required: boolean }) => ({ type: 'workspaceSettings.requirementSaved' as const, required: params.required })),
    emitRenamed: emit((_, params: { workspace: WorkspaceItem }) => ({ type: 'workspaceSettings.renamed' as const, workspace: params.workspace })),
    emitFailed: emit((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, WORKSPACE_SETTINGS_FIELDS, WORKSPACE_RENAME_FAILED_MESSAGE)
      return { type: 'workspaceSettings.failed' as const, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'workspaceSettings',
  context: ({ input }) => ({
    name: input.name,
    fieldErrors: {},
    formError: null,
    requireTwoFactor: input.requireTwoFactor ?? false,
    requirementRequest: null,
    requirementError: null,
    defaultLanguage: input.defaultLanguage ?? null,
    languageRequest: null,
    languageError: null,
  }),
  type: 'parallel',
  states: {
    name: {
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
    },
    requirement: {
      initial: 'idle',
      // A change is accepted whenever none is in flight (the switch is disabled while one is).
      on: {
        'workspaceSettings.setRequirement': {
          guard: 'isNoRequirementInFlight',
          target: '.saving',
          actions: { type: 'assignRequirementRequest', params: ({ event }) => event },
        },
      },
      states: {
        idle: {},
        saving: {
          invoke: {
            id: 'setRequirement',
            src: 'setRequirement',
            input: ({ context }) => ({ required: context.requirementRequest ?? context.requireTwoFactor }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'assignRequirementSaved', params: ({ event }) => ({ required: event.output.require_two_factor }) },
                { type: 'emitRequirementSaved', params: ({ event }) => ({ required: event.output.require_two_factor }) },
              ],
            },
            onError: { target: 'failed', actions: { type: 'assignRequirementFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        saved: {},
        failed: {},
      },
    },
    language: {
      initial: 'idle',
      // A change is accepted whenever none is in flight (the field is disabled while one is).
      on: {
        'workspaceSettings.setDefaultLanguage': {
          guard: 'isNoLanguageInFlight',
          target: '.saving',
          actions: { type: 'assignLanguageRequest', params: ({ event }) => event },
        },
      },
      states: {
        idle: {},
        saving: {
          invoke: {
            id: 'setDefaultLanguage',
            src: 'setDefaultLanguage',
            input: ({ context }) => ({ language: context.languageRequest?.value ?? null }),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'assignLanguageSaved', params: ({ event }) => ({ language: event.output.default_language ?? null }) },
                { type: 'emitLanguageSaved', params: ({ event }) => ({ language: event.output.default_language ?? null }) },
              ],
            },
            onError: { target: 'failed', actions: { type: 'assignLanguageFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        saved: {},
        failed: {},
      },
    },
  },
})

export type WorkspaceSettingsMachine = typeof workspaceSettingsMachine

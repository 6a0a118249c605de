/**
 * The Passkeys section of the Security tab (docs/api.md "Passkeys"): the person's passkeys
 * (`GET /users/me/passkeys`), adding one, renaming and deleting.
 *
 *   loading ──(list)──▶ ready ◀──passkeys.retry── failed ◀──(error)── loading
 *   ready.idle ──passkey.add──▶ naming ──passkey.submitName──▶ prompting ──▶ saving ──▶ idle
 *        (the browser's prompt: cancelled or refused → back to naming with a calm note or the reason)
 *   ready.idle ──passkey.rename──▶ renaming ──passkey.submitName──▶ savingName ──▶ idle
 *   ready.idle ──passkey.delete──▶ confirmingDelete ──passkey.confirmDelete──▶ deleting ──▶ idle
 *
 * Adding has two steps: the name first (checked with the contract's `PasskeyName`), then the
 * browser's prompt (`promptForPasskey`: the options call and `startRegistration`), then saving
 * it with that name. A person who closes the prompt gets a note, not an error. Without WebAuthn
 * in the browser (`supported: false`) nothing can be added; the list still shows.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { PasskeyItem, RegisterPasskeyRequest } from '../../contract/passkeys.ts'
import { PasskeyName } from '../../contract/passkeys.ts'
import { validate } from '../../contract/validate.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { promptFailure } from './passkeys.errors.ts'
import { passkeysMessages } from './passkeys.messages.ts'

export interface PasskeysInput {
  /** Whether the browser has WebAuthn (`window.PublicKeyCredential`). */
  readonly supported: boolean
}

export interface PasskeysContext {
  readonly supported: boolean
  /** Newest first; null until loaded. */
  readonly passkeys: ReadonlyArray<PasskeyItem> | null
  readonly loadError: DisplayText | null
  /** The name being typed (adding or renaming). */
  readonly draftName: string
  /** The passkey being renamed or deleted. */
  readonly targetId: string | null
  /** The name field's message (contract or server). */
  readonly nameError: string | null
  /** Why the last step failed, shown above the form or list. */
  readonly error: DisplayText | null
  /** A calm line (the prompt was closed), not an error. */
  readonly notice: DisplayText | null
  /** The prompt's answer while it is being saved. */
  readonly prompted: PromptedPasskey | null
}

/** What the browser's prompt answers: the challenge it answered and the registration, as the contract sends them. */
export interface PromptedPasskey {
  readonly challengeId: string
  readonly response: RegisterPasskeyRequest['response']
}

export type PasskeysEvent =
  | { type: 'passkeys.retry' }
  | { type: 'passkey.add' }
  | { type: 'passkey.rename'; id: string }
  | { type: 'passkey.delete'; id: string }
  | { type: 'passkey.nameChanged'; name: string }
  | { type: 'passkey.submitName' }
  | { type: 'passkey.confirmDelete' }
  | { type: 'passkey.cancel' }

export type PasskeysEmitted =
  | { type: 'passkeys.added'; passkey: PasskeyItem }
  | { type: 'passkeys.renamed'; passkey: PasskeyItem }
  | { type: 'passkeys.removed'; passkey: PasskeyItem }

/** Shown when the list could not be loaded and the error carries no message (ours). */
export const PASSKEYS_LOAD_FAILED_MESSAGE = localized(passkeysMessages.loadFailed)
/** A refused save, rename or delete without a message of its own (ours). */
export const PASSKEYS_SAVE_FAILED_MESSAGE = localized(passkeysMessages.saveFailed)
/** The person closed the browser's prompt (ours). */
export const PASSKEY_CANCELLED_NOTICE = localized(passkeysMessages.cancelledNotice)

export const passkeysMachine = setup({
  types: {
    context: {} as PasskeysContext,
    input: {} as PasskeysInput,
    events: {} as PasskeysEvent,
    emitted: {} as PasskeysEmitted,
  },
  actors: {
    /** `GET /users/me/passkeys`. Provided by src/system/passkeys.ts. */
    loadPasskeys: fromPromise<ReadonlyArray<PasskeyItem>, void>(async () => {
      throw new Error('loadPasskeys is provided by the page')
    }),
    /** `POST /users/me/passkeys/options`, then the browser's prompt (`startRegistration`). */
    promptForPasskey: fromPromise<PromptedPasskey, void>(async () => {
      throw new Error('promptForPasskey is provided by the page')
    }),
    /** `POST /users/me/passkeys` with the name and the prompt's answer. */
    savePasskey: fromPromise<PasskeyItem, { name: string; prompted: PromptedPasskey }>(async () => {
      throw new Error('savePasskey is provided by the page')
    }),
    /** `PATCH /users/me/passkeys/{id}`. */
    renamePasskey: fromPromise<PasskeyItem, { id: string; name: string }>(async () => {
      throw new Error('renamePasskey is provided by the page')
    }),
    /** `DELETE /users/me/passkeys/{id}` (403 `reverification_required` without a recent factor). */
    deletePasskey: fromPromise<void, { id: string }>(async () => {
      throw new Error('deletePasskey is provided by the page')
    }),
  },
  guards: {
    isSupported: ({ context }) => context.supported,
    isListed: ({ context }, params: { id: string }) => context.passkeys?.some((p) => p.id === params.id) ?? false,
    isNameValid: ({ context }) => validate(PasskeyName, context.draftName).ok,
    isCancelled: (_, params: { error: unknown }) => promptFailure(params.error).kind === 'cancelled',
    /** The passkey had already gone (deleted elsewhere): what was asked is done. */
    isGone: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 404,
  },
  actions: {
    assignPasskeys: assign((_, params: { passkeys: ReadonlyArray<PasskeyItem> }) => ({ passkeys: params.passkeys, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], PASSKEYS_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ passkeys: null, loadError: null }),
    startNaming: assign({ draftName: '', targetId: null, nameError: null, error: null, notice: null }),
    startRenaming: assign(({ context }, params: { id: string }) => ({
      draftName: context.passkeys?.find((p) => p.id === params.id)?.name ?? '',
      targetId: params.id,
      nameError: null,
      error: null,
      notice: null,
    })),
    startDeleting: assign((_, params: { id: string }) => ({ targetId: params.id, error: null, notice: null })),
    assignDraftName: assign((_, params: { name: string }) => ({ draftName: params.name, nameError: null })),
    assignNameError: assign(({ context }) => {
      const result = validate(PasskeyName, context.draftName)
      return { nameError: result.ok ? null : (result.issues[0]?.message ?? 'Enter a name') }
    }),
    clearMessages: assign({ nameError: null, error: null, notice: null }),
    clearForm: assign({ draftName: '', targetId: null, nameError: null, error: null, prompted: null }),
    assignPrompted: assign((_, params: { prompted: PromptedPasskey }) => ({ prompted: params.prompted })),
    assignCancelled: assign({ notice: PASSKEY_CANCELLED_NOTICE, error: null }),
    assignPromptError: assign((_, params: { error: unknown }) => ({ error: promptFailure(params.error).message, notice: null })),
    assignSaveError: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, ['name'], PASSKEYS_SAVE_FAILED_MESSAGE)
      return { nameError: failure.fieldErrors.name ?? null, error: failure.formError, prompted: null }
    }),
    /** Adding puts the new passkey first (the list is newest first). */
    prependPasskey: assign(({ context }, params: { passkey: PasskeyItem }) => ({ passkeys: [params.passkey, ...(context.passkeys ?? [])] })),
    replacePasskey: assign(({ context }, params: { passkey: PasskeyItem }) => ({
      passkeys: (context.passkeys ?? []).map((p) => (p.id === params.passkey.id ? params.passkey : p)),
    })),
    removeTarget: assign(({ context }) => ({ passkeys: (context.passkeys ?? []).filter((p) => p.id !== context.targetId), targetId: null })),
    emitAdded: emit((_, params: { passkey: PasskeyItem }) => ({ type: 'passkeys.added' as const, passkey: params.passkey })),
    emitRenamed: emit((_, params: { passkey: PasskeyItem }) => ({ type: 'passkeys.renamed' as const, passkey: params.passkey })),
    emitRemoved: emit(({ context }) => ({ type: 'passkeys.removed' as const, passkey: context.passkeys!.find((p) => p.id === context.targetId)! })),
  },
}).createMachine({
  id: 'passkeys',
  context: ({ input }) => ({
    supported: input.supported,
    passkeys: null,
    loadError: null,
    draftName: '',
    targetId: null,
    nameError: null,
    error: null,
    notice: null,
    prompted: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        onDone: { target: 'ready', actions: { type: 'assignPasskeys', params: ({ event }) => ({ passkeys: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'passkeys.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'passkey.add': { guard: 'isSupported', target: 'naming', actions: 'startNaming' },
            'passkey.rename': {
              guard: { type: 'isListed', params: ({ event }) => event },
              target: 'renaming',
              actions: { type: 'startRenaming', params: ({ event }) => event },
            },
            'passkey.delete': {
              guard: { type: 'isListed', params: ({ event }) => event },
              target: 'confirmingDelete',
              actions: { type: 'startDeleting', params: ({ event }) => event },
            },
          },
        },
        naming: {
          on: {
            'passkey.nameChanged': { actions: { type: 'assignDraftName', params: ({ event }) => event } },
            'passkey.submitName': [
              { guard: 'isNameValid', target: 'prompting', actions: 'clearMessages' },
              { actions: 'assignNameError' },
            ],
            'passkey.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        prompting: {
          invoke: {
            id: 'promptForPasskey',
            src: 'promptForPasskey',
            onDone: { target: 'saving', actions: { type: 'assignPrompted', params: ({ event }) => ({ prompted: event.output }) } },
            onError: [
              { guard: { type: 'isCancelled', params: ({ event }) => ({ error: event.error }) }, target: 'naming', actions: 'assignCancelled' },
              { target: 'naming', actions: { type: 'assignPromptError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'savePasskey',
            src: 'savePasskey',
            input: ({ context }) => ({ name: context.draftName, prompted: context.prompted! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'prependPasskey', params: ({ event }) => ({ passkey: event.output }) },
                { type: 'emitAdded', params: ({ event }) => ({ passkey: event.output }) },
                'clearForm',
              ],
            },
            onError: { target: 'naming', actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        renaming: {
          on: {
            'passkey.nameChanged': { actions: { type: 'assignDraftName', params: ({ event }) => event } },
            'passkey.submitName': [
              { guard: 'isNameValid', target: 'savingName', actions: 'clearMessages' },
              { actions: 'assignNameError' },
            ],
            'passkey.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        savingName: {
          invoke: {
            id: 'renamePasskey',
            src: 'renamePasskey',
            input: ({ context }) => ({ id: context.targetId ?? '', name: context.draftName }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'replacePasskey', params: ({ event }) => ({ passkey: event.output }) },
                { type: 'emitRenamed', params: ({ event }) => ({ passkey: event.output }) },
                'clearForm',
              ],
            },
            onError: { target: 'renaming', actions: { type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirmingDelete: {
          on: {
            'passkey.confirmDelete': 'deleting',
            'passkey.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        deleting: {
          invoke: {
            id: 'deletePasskey',
            src: 'deletePasskey',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: { target: 'idle', actions: ['emitRemoved', 'removeTarget'] },
            onError: [
              { guard: { type: 'isGone', params: ({ event }) => ({ error: event.error }) }, target: 'idle', actions: ['emitRemoved', 'removeTarget'] },
              { target: 'idle', actions: [{ type: 'assignSaveError', params: ({ event }) => ({ error: event.error }) }, assign({ targetId: null })] },
            ],
          },
        },
      },
    },
  },
})

export type PasskeysMachine = typeof passkeysMachine

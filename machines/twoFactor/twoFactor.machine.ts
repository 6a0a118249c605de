/**
 * The Two-factor authentication section of Profile Settings › Security
 * (contract/twoFactor.ts): its status, turning it on with an authenticator
 * app, new recovery codes, and turning it off.
 *
 *   loading ──▶ off | on          failed ──twoFactor.retry──▶ loading
 *   off.idle ──twoFactor.enrol──▶ enrolling ──▶ confirming ──twoFactor.submit──▶ confirmingCode ──▶ codes
 *   on.idle ──twoFactor.regenerate──▶ regenerateForm ──submit──▶ regenerating ──▶ codes
 *   on.idle ──twoFactor.turnOff──▶ disableForm ──submit──▶ disabling ──▶ off
 *   codes ──twoFactor.done──▶ loading (the status again: since when, codes left)
 *
 * The recovery codes are shown once, in `codes`, and dropped from the context when it is left.
 * A code is checked against the contract before it is sent (6 digits to confirm; a code or a
 * recovery code otherwise). The server's refusals land on the code field (400 with an issue on
 * `code`) or above the form (429 with its message, 409, no connection).
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import {
  type RecoveryCodesResponse,
  type TwoFactorEnrolment,
  type TwoFactorStatus,
  TotpCode,
  TotpOrRecoveryCode,
} from '../../contract/twoFactor.ts'
import { validate } from '../../contract/validate.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { toFailure } from '../shared/failure.ts'
import { twoFactorMessages } from './twoFactor.messages.ts'

export interface TwoFactorContext {
  /** As the server last answered; null until loaded. */
  readonly status: TwoFactorStatus | null
  readonly loadError: DisplayText | null
  /** The pending secret while turning it on (QR code and Base32). */
  readonly enrolment: TwoFactorEnrolment | null
  /** What is typed in the open form's code field. */
  readonly code: string
  /** The code field's error: the contract's or the server's. */
  readonly codeError: DisplayText | null
  /** The open form's error that no field carries (429, 409, no connection). */
  readonly formError: DisplayText | null
  /** The ten new recovery codes, only while they are shown. */
  readonly recoveryCodes: ReadonlyArray<string> | null
}

export type TwoFactorEvent =
  | { type: 'twoFactor.retry' }
  | { type: 'twoFactor.enrol' }
  | { type: 'twoFactor.changeCode'; value: string }
  | { type: 'twoFactor.submit' }
  | { type: 'twoFactor.cancel' }
  | { type: 'twoFactor.regenerate' }
  | { type: 'twoFactor.turnOff' }
  | { type: 'twoFactor.done' }

export type TwoFactorEmitted =
  | { type: 'twoFactor.enabled' }
  | { type: 'twoFactor.disabled' }
  | { type: 'twoFactor.codesRegenerated' }
  | { type: 'twoFactor.enrolFailed'; status: number; message: DisplayText }

/** Shown when the status could not be loaded and the error carries no message (ours). */
export const TWO_FACTOR_LOAD_FAILED_MESSAGE = localized(twoFactorMessages.loadFailed)
/** An error of a call that carries no message (ours). */
export const TWO_FACTOR_FAILED_MESSAGE = localized(twoFactorMessages.failed)
/** Toasts (ours). */
export const TWO_FACTOR_ENABLED_MESSAGE = localized(twoFactorMessages.enabled)
export const TWO_FACTOR_DISABLED_MESSAGE = localized(twoFactorMessages.disabled)
export const TWO_FACTOR_CODES_MESSAGE = localized(twoFactorMessages.codesRegenerated)

/** The fields of the forms here: only `code` carries server issues. */
const FIELDS = ['code'] as const

export const twoFactorMachine = setup({
  types: {
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
    emitted: {} as TwoFactorEmitted,
  },
  actors: {
    /** `GET /users/me/two-factor`. Provided by src/system/twoFactor.ts. */
    loadStatus: fromPromise<TwoFactorStatus, void>(async () => {
      throw new Error('loadStatus is provided by the page')
    }),
    /** `POST /users/me/two-factor/enrol`: a new pending secret. */
    enrol: fromPromise<TwoFactorEnrolment, void>(async () => {
      throw new Error('enrol is provided by the page')
    }),
    /** `POST /users/me/two-factor/confirm {code}`: the ten recovery codes. */
    confirm: fromPromise<RecoveryCodesResponse, { code: string }>(async () => {
      throw new Error('confirm is provided by the page')
    }),
    /** `POST /users/me/two-factor/recovery-codes {code}`: ten new recovery codes. */
    regenerateCodes: fromPromise<RecoveryCodesResponse, { code: string }>(async () => {
      throw new Error('regenerateCodes is provided by the page')
    }),
    /** `POST /users/me/two-factor/disable {code}`: the status, now off. */
    disable: fromPromise<TwoFactorStatus, { code: string }>(async () => {
      throw new Error('disable is provided by the page')
    }),
  },
  guards: {
    isEnabled: (_, params: { status: TwoFactorStatus }) => params.status.enabled,
    /** Six digits (spaces allowed), as confirming asks. */
    isTotpCode: ({ context }) => validate(TotpCode, context.code).ok,
    /** A TOTP code or a recovery code, as turning off and new codes accept. */
    isAnyCode: ({ context }) => validate(TotpOrRecoveryCode, context.code).ok,
  },
  actions: {
    assignStatus: assign((_, params: { status: TwoFactorStatus }) => ({ status: params.status, loadError: null })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], TWO_FACTOR_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ status: null, loadError: null }),
    assignEnrolment: assign((_, params: { enrolment: TwoFactorEnrolment }) => ({ enrolment: params.enrolment })),
    assignCode: assign((_, params: { value: string }) => ({ code: params.value, codeError: null, formError: null })),
    /** The contract's message for what was typed. */
    assignTotpFormatError: assign(({ context }) => ({ codeError: firstIssue(validate(TotpCode, context.code)), formError: null })),
    assignAnyFormatError: assign(({ context }) => ({ codeError: firstIssue(validate(TotpOrRecoveryCode, context.code)), formError: null })),
    /** The server's refusal: on the code field when it names it, above the form otherwise. */
    assignFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, FIELDS, TWO_FACTOR_FAILED_MESSAGE)
      return { codeError: failure.fieldErrors.code ?? null, formError: failure.formError }
    }),
    assignRecoveryCodes: assign((_, params: { codes: ReadonlyArray<string> }) => ({ recoveryCodes: params.codes })),
    /** Closes any form; the codes and the pending secret are forgotten. */
    clearForm: assign({ enrolment: null, code: '', codeError: null, formError: null, recoveryCodes: null }),
    emitEnabled: emit({ type: 'twoFactor.enabled' as const }),
    emitDisabled: emit({ type: 'twoFactor.disabled' as const }),
    emitCodesRegenerated: emit({ type: 'twoFactor.codesRegenerated' as const }),
    emitEnrolFailed: emit((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, [], TWO_FACTOR_FAILED_MESSAGE)
      return { type: 'twoFactor.enrolFailed' as const, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, loadError: null, enrolment: null, code: '', codeError: null, formError: null, recoveryCodes: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => ({ status: event.output }) },
            target: 'on',
            actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) },
          },
          { target: 'off', actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'twoFactor.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    off: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'twoFactor.enrol': 'enrolling' },
        },
        enrolling: {
          invoke: {
            id: 'enrol',
            src: 'enrol',
            onDone: { target: 'confirming', actions: { type: 'assignEnrolment', params: ({ event }) => ({ enrolment: event.output }) } },
            onError: { target: 'idle', actions: { type: 'emitEnrolFailed', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        confirming: {
          on: {
            'twoFactor.changeCode': { actions: { type: 'assignCode', params: ({ event }) => event } },
            'twoFactor.submit': [{ guard: 'isTotpCode', target: 'confirmingCode' }, { actions: 'assignTotpFormatError' }],
            'twoFactor.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        confirmingCode: {
          invoke: {
            id: 'confirm',
            src: 'confirm',
            input: ({ context }) => ({ code: normalisedCode(context.code) }),
            onDone: {
              target: '#twoFactor.codes',
              actions: ['clearForm', { type: 'assignRecoveryCodes', params: ({ event }) => ({ codes: event.output.recovery_codes }) }, 'emitEnabled'],
            },
            onError: { target: 'confirming', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    on: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'twoFactor.regenerate': 'regenerateForm',
            'twoFactor.turnOff': 'disableForm',
          },
        },
        regenerateForm: {
          on: {
            'twoFactor.changeCode': { actions: { type: 'assignCode', params: ({ event }) => event } },
            'twoFactor.submit': [{ guard: 'isAnyCode', target: 'regenerating' }, { actions: 'assignAnyFormatError' }],
            'twoFactor.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        regenerating: {
          invoke: {
            id: 'regenerateCodes',
            src: 'regenerateCodes',
            input: ({ context }) => ({ code: normalisedCode(context.code) }),
            onDone: {
              target: '#twoFactor.codes',
              actions: ['clearForm', { type: 'assignRecoveryCodes', params: ({ event }) => ({ codes: event.output.recovery_codes }) }, 'emitCodesRegenerated'],
            },
            onError: { target: 'regenerateForm', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        disableForm: {
          on: {
            'twoFactor.changeCode': { actions: { type: 'assignCode', params: ({ event }) => event } },
            'twoFactor.submit': [{ guard: 'isAnyCode', target: 'disabling' }, { actions: 'assignAnyFormatError' }],
            'twoFactor.cancel': { target: 'idle', actions: 'clearForm' },
          },
        },
        disabling: {
          invoke: {
            id: 'disable',
            src: 'disable',
            input: ({ context }) => ({ code: normalisedCode(context.code) }),
            onDone: {
              target: '#twoFactor.off',
              actions: ['clearForm', { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) }, 'emitDisabled'],
            },
            onError: { target: 'disableForm', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    // Shown once; 'I saved them' reads the status again (since when, codes left).
    codes: {
      on: { 'twoFactor.done': { target: 'loading', actions: 'clearForm' } },
    },
  },
})

export type TwoFactorMachine = typeof twoFactorMachine

/** What is sent: the code as typed without spaces (the server also drops hyphens and case of recovery codes). */
export function normalisedCode(code: string): string {
  return code.replace(/\s+/g, '')
}

function firstIssue(result: { ok: boolean; issues?: ReadonlyArray<{ message: string }> }): DisplayText | null {
  return result.ok ? null : (result.issues?.[0]?.message ?? TWO_FACTOR_FAILED_MESSAGE)
}

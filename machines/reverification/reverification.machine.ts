/**
 * Reverification, 'Confirm it's you' (contract/reverification.ts; docs/api.md "Reverification"): a
 * sensitive change answered 403 `reverification_required` asks the person for a factor, then the
 * API layer repeats the change (src/api/reverification.ts). One actor in the root system
 * (`reverification`), shared by every call that needs it.
 *
 *   idle ──reverification.requested──▶ asking.loading ──▶ asking.editing ──submit──▶ checking.secret ──▶ verified
 *                                                   ├──▶ asking.loadFailed ──retry──▶ asking.loading
 *                                                   └──▶ asking.noFactor     editing ──usePasskey──▶ checking.passkey ──▶ verified
 *   checking ──(refused)──▶ asking.failed ──submit──▶ checking …        asking | checking ──cancel──▶ idle
 *   verified ──reverification.requested──▶ asking.loading (the window lapsed again)
 *
 * - `asking.loading` reads the factors the person has (`GET /users/me/reverification`); the
 *   dialog offers the password tab first, the code tab when two-factor is on, and 'Use a passkey'
 *   when they have one and the browser side can prompt for it (`passkeySupported` in the input).
 * - A request while asking or checking joins the one on screen: every waiting call gets its answer.
 * - Outcomes go out as emitted events: `reverification.verified` (the calls repeat) and
 *   `reverification.cancelled` (the calls fail with their 403; the caller shows it).
 * - What is typed is checked against the contract before it is sent; the server's refusal lands on
 *   the field it names, or above the form (429, no connection).
 *
 * Pure: the calls and the passkey prompt are named actors provided by src/system/reverification.ts.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import { type ReverificationFactor, REVERIFICATION_MESSAGES, type ReverificationStatus, type ReverifyResponse } from '../../contract/reverification.ts'
import { TotpOrRecoveryCode } from '../../contract/twoFactor-codes.ts'
import { validate } from '../../contract/validate.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { displayOf, toFailure } from '../shared/failure.ts'
import { reverificationMessages } from './reverification.messages.ts'
import type { SecretMethod } from './reverification.methods.ts'

/** The tabs of the dialog: a password or a code (TOTP or recovery code). */
export { SECRET_METHODS, type SecretMethod } from './reverification.methods.ts'

export interface ReverificationInput {
  /** Whether this browser can prompt for a passkey (WebAuthn) and the app can ask the server for one. */
  readonly passkeySupported?: boolean
}

export interface ReverificationContext {
  readonly passkeySupported: boolean
  /** The factors the person has, as the server last said; empty until loaded. */
  readonly factors: ReadonlyArray<ReverificationFactor>
  /** The open tab. */
  readonly method: SecretMethod
  readonly password: string
  readonly code: string
  /** The open tab's field error: the contract's or the server's. */
  readonly fieldError: string | null
  /** An error no field carries (429, no connection, the passkey prompt closed, nothing to confirm with). */
  readonly formError: DisplayText | null
}

export type ReverificationEvent =
  /** A call was refused with 403 `reverification_required` (src/api/reverification.ts). */
  | { type: 'reverification.requested' }
  | { type: 'reverification.changeMethod'; method: SecretMethod }
  | { type: 'reverification.changeValue'; value: string }
  | { type: 'reverification.submit' }
  | { type: 'reverification.usePasskey' }
  | { type: 'reverification.retry' }
  | { type: 'reverification.cancel' }

export type ReverificationEmitted = { type: 'reverification.verified'; verifiedUntil: string } | { type: 'reverification.cancelled' }

/** What the secret check sends: `POST /users/me/reverification`. */
export type SecretFactor = { readonly password: string } | { readonly code: string }

/** Shown when the factors could not be loaded and the error carries no message (ours). */
export const REVERIFICATION_LOAD_FAILED_MESSAGE = localized(reverificationMessages.loadFailed)
/** An error of a check that carries no message (ours). */
export const REVERIFICATION_FAILED_MESSAGE = localized(reverificationMessages.failed)
/** Nothing the dialog can confirm with: no password, no two-factor, and no passkey this browser can use (ours). */
export const REVERIFICATION_NO_FACTOR_MESSAGE = localized(reverificationMessages.noFactor)

/** The fields the server's issues may name. */
const FIELDS = ['password', 'code'] as const

export const reverificationMachine = setup({
  types: {
    context: {} as ReverificationContext,
    input: {} as ReverificationInput,
    events: {} as ReverificationEvent,
    emitted: {} as ReverificationEmitted,
  },
  actors: {
    /** `GET /users/me/reverification`. Provided by src/system/reverification.ts. */
    loadStatus: fromPromise<ReverificationStatus, void>(async () => {
      throw new Error('loadStatus is provided by src/system/reverification.ts')
    }),
    /** `POST /users/me/reverification` with a password or a code. */
    verifySecret: fromPromise<ReverifyResponse, SecretFactor>(async () => {
      throw new Error('verifySecret is provided by src/system/reverification.ts')
    }),
    /** The passkey prompt and `POST /users/me/reverification/passkey`. */
    verifyPasskey: fromPromise<ReverifyResponse, void>(async () => {
      throw new Error('verifyPasskey is provided by src/system/reverification.ts')
    }),
  },
  guards: {
    /** The person has the tab's factor. */
    offersMethod: ({ context, event }) => event.type === 'reverification.changeMethod' && context.factors.includes(event.method),
    offersPasskey: ({ context }) => context.passkeySupported && context.factors.includes('passkey'),
    /** Nothing to confirm with here: no password, no code, no passkey this browser can use. */
    hasNoFactor: ({ context }, params: { status: ReverificationStatus }) =>
      !params.status.factors.some((f) => f !== 'passkey') && !(context.passkeySupported && params.status.factors.includes('passkey')),
    isValueValid: ({ context }) => (context.method === 'password' ? context.password.length > 0 : validate(TotpOrRecoveryCode, context.code).ok),
  },
  actions: {
    /** A fresh form each time the dialog opens (not when a refusal returns to it). */
    resetForm: assign({ factors: [], method: 'password', password: '', code: '', fieldError: null, formError: null }),
    assignFactors: assign((_, params: { status: ReverificationStatus }) => ({
      factors: params.status.factors,
      method: params.status.factors.includes('password') || !params.status.factors.includes('code') ? ('password' as const) : ('code' as const),
    })),
    assignNoFactor: assign((_, params: { status: ReverificationStatus }) => ({ factors: params.status.factors, formError: REVERIFICATION_NO_FACTOR_MESSAGE })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ formError: toFailure(params.error, [], REVERIFICATION_LOAD_FAILED_MESSAGE).message })),
    assignMethod: assign(({ event }) => (event.type === 'reverification.changeMethod' ? { method: event.method, fieldError: null, formError: null } : {})),
    assignValue: assign(({ context, event }) =>
      event.type !== 'reverification.changeValue' ? {} : { [context.method]: event.value, fieldError: null, formError: null },
    ),
    /** The contract's message for what was typed. */
    assignFormatError: assign(({ context }) => {
      if (context.method === 'password') return { fieldError: REVERIFICATION_MESSAGES.enterPassword, formError: null }
      const checked = validate(TotpOrRecoveryCode, context.code)
      return { fieldError: checked.ok ? null : (checked.issues[0]?.message ?? null), formError: null }
    }),
    /** The server's refusal: on the open tab's field when it names it, above the form otherwise. */
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toFailure(params.error, FIELDS, REVERIFICATION_FAILED_MESSAGE)
      const onField = failure.fieldErrors[context.method] ?? null
      // A failure of the browser's own (the passkey prompt closed) carries its words for people.
      return { fieldError: onField, formError: onField === null ? (displayOf(params.error) ?? failure.message) : null }
    }),
    /** Typed secrets are forgotten as soon as they are no longer needed. */
    clearSecrets: assign({ password: '', code: '', fieldError: null, formError: null }),
    emitVerified: emit((_, params: { response: ReverifyResponse }) => ({ type: 'reverification.verified' as const, verifiedUntil: params.response.verified_until })),
    emitCancelled: emit({ type: 'reverification.cancelled' as const }),
  },
}).createMachine({
  id: 'reverification',
  context: ({ input }) => ({
    passkeySupported: input.passkeySupported === true,
    factors: [],
    method: 'password',
    password: '',
    code: '',
    fieldError: null,
    formError: null,
  }),
  initial: 'idle',
  states: {
    /** No dialog. */
    idle: {
      on: { 'reverification.requested': { target: 'asking', actions: 'resetForm' } },
    },
    /** The dialog 'Confirm it's you'. */
    asking: {
      initial: 'loading',
      on: { 'reverification.cancel': { target: 'idle', actions: ['clearSecrets', 'emitCancelled'] } },
      states: {
        loading: {
          invoke: {
            id: 'loadStatus',
            src: 'loadStatus',
            onDone: [
              {
                guard: { type: 'hasNoFactor', params: ({ event }) => ({ status: event.output }) },
                target: 'noFactor',
                actions: { type: 'assignNoFactor', params: ({ event }) => ({ status: event.output }) },
              },
              { target: 'editing', actions: { type: 'assignFactors', params: ({ event }) => ({ status: event.output }) } },
            ],
            onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The factors could not be loaded: its message and 'Try again'. */
        loadFailed: {
          on: { 'reverification.retry': { target: 'loading', actions: 'resetForm' } },
        },
        /** Nothing to confirm with in this browser (no password, no two-factor, no usable passkey): a message, and 'Cancel'. */
        noFactor: {},
        /** The open tab's field, 'Confirm' and 'Cancel'. */
        editing: {
          on: {
            'reverification.changeMethod': { guard: 'offersMethod', target: '#reverification.asking.editing', actions: 'assignMethod' },
            'reverification.changeValue': { target: '#reverification.asking.editing', actions: 'assignValue' },
            'reverification.submit': [
              { guard: 'isValueValid', target: '#reverification.checking.secret' },
              { target: '#reverification.asking.editing', actions: 'assignFormatError' },
            ],
            'reverification.usePasskey': { guard: 'offersPasskey', target: '#reverification.checking.passkey' },
          },
        },
        /** The same form after a refusal, with its error: the same transitions as `editing`. */
        failed: {
          on: {
            'reverification.changeMethod': { guard: 'offersMethod', target: '#reverification.asking.editing', actions: 'assignMethod' },
            'reverification.changeValue': { target: '#reverification.asking.editing', actions: 'assignValue' },
            'reverification.submit': [
              { guard: 'isValueValid', target: '#reverification.checking.secret' },
              { target: '#reverification.asking.editing', actions: 'assignFormatError' },
            ],
            'reverification.usePasskey': { guard: 'offersPasskey', target: '#reverification.checking.passkey' },
          },
        },
      },
    },
    /** The server checks the factor (or the browser prompts for the passkey); the form stays on screen, busy. */
    checking: {
      initial: 'secret',
      on: { 'reverification.cancel': { target: 'idle', actions: ['clearSecrets', 'emitCancelled'] } },
      states: {
        secret: {
          invoke: {
            id: 'verifySecret',
            src: 'verifySecret',
            input: ({ context }): SecretFactor => (context.method === 'password' ? { password: context.password } : { code: context.code }),
            onDone: { target: '#reverification.verified', actions: ['clearSecrets', { type: 'emitVerified', params: ({ event }) => ({ response: event.output }) }] },
            onError: { target: '#reverification.asking.failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        passkey: {
          invoke: {
            id: 'verifyPasskey',
            src: 'verifyPasskey',
            onDone: { target: '#reverification.verified', actions: ['clearSecrets', { type: 'emitVerified', params: ({ event }) => ({ response: event.output }) }] },
            onError: { target: '#reverification.asking.failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    /** Confirmed: the dialog is closed and the waiting calls repeat. */
    verified: {
      on: { 'reverification.requested': { target: 'asking', actions: 'resetForm' } },
    },
  },
})

export type ReverificationMachine = typeof reverificationMachine

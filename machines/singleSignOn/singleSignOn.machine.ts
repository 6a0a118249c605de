/**
 * Workspace Settings › Single sign-on (docs/api.md "Single sign-on"; SPEC.md §3 `is_sso_enabled`
 * is 'Require single sign-on'): the workspace's OpenID Connect connection as its admins (members
 * with ORGANIZATIONS update) see it, edited, tried, saved and removed.
 *
 *   loading ──(settings)──▶ ready ◀──singleSignOn.retry── failed ◀──(error)── loading
 *   ready.settling ──▶ notConfigured | configured | editing          (picked at once: a draft differs, or a connection is saved)
 *   notConfigured | configured | saved ──singleSignOn.change──▶ editing
 *   editing ──singleSignOn.save (valid)──▶ saving ──▶ saved           (field and form errors: back to editing)
 *   configured | editing | saved ──singleSignOn.test──▶ testing ──▶ settling   ("Connected to …" or the failure; a broken or empty issuer: its field says why)
 *   configured | editing | saved ──singleSignOn.remove──▶ confirmingRemove ──singleSignOn.confirmRemove──▶ removing ──▶ notConfigured
 *
 * The form is a draft beside the settings the server last answered: the secret is write-only
 * (empty keeps the stored one), the domains are typed comma- or line-separated and shown again as
 * the list the server saved. The contract's `SsoSettingsInput` checks the draft before anything
 * is sent; the server's `issues` land under the same fields (a domain's issue names the domain).
 * Saving and removing may need 'Confirm it's you': the API layer asks and repeats the call
 * (src/api/reverification.ts); a cancelled confirmation is the call's 403, shown above the form.
 * Outcomes are emitted for the toasts.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import type { ApiIssue } from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { SSO_MESSAGES, type SsoSettings, SsoSettingsInput, type SsoTestResponse, SsoTestRequest } from '../../contract/sso.ts'
import { validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { ssoSettingsMessages } from './singleSignOn.messages.ts'

/** The form's fields, by the contract's names (the keys of `fieldErrors`). */
export const SINGLE_SIGN_ON_FIELDS = ['issuer', 'client_id', 'client_secret', 'domains', 'require_sso'] as const
export type SingleSignOnField = (typeof SINGLE_SIGN_ON_FIELDS)[number]

/** Shown when the settings could not be loaded and the error carries no message (ours). */
export const SSO_LOAD_FAILED_MESSAGE = localized(ssoSettingsMessages.loadFailed)
/** Above the form when a save fails without a message (ours). */
export const SSO_SAVE_FAILED_MESSAGE = localized(ssoSettingsMessages.saveFailed)
/** Above the form when a removal fails without a message (ours). */
export const SSO_REMOVE_FAILED_MESSAGE = localized(ssoSettingsMessages.removeFailed)
/** Beside 'Test connection' when the test fails without a message (ours). */
export const SSO_TEST_FAILED_MESSAGE = localized(ssoSettingsMessages.testFailed)

/** What the person typed; `clientSecret` empty keeps the stored secret. */
export interface SingleSignOnDraft {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
  /** Comma- or line-separated, as typed. */
  readonly domains: string
  readonly requireSso: boolean
}

/** The last 'Test connection': what the provider said it is, or why it failed. */
export type SingleSignOnTest = { readonly outcome: 'connected'; readonly issuer: string } | { readonly outcome: 'failed'; readonly message: DisplayText }

export interface SingleSignOnContext {
  /** The connection as the server last answered it; null until loaded. */
  readonly settings: SsoSettings | null
  readonly draft: SingleSignOnDraft
  readonly fieldErrors: Readonly<Partial<Record<SingleSignOnField, string>>>
  /** Above the form: a refusal no field carries (a cancelled 'Confirm it's you', a lost permission). */
  readonly formError: DisplayText | null
  readonly loadError: DisplayText | null
  readonly test: SingleSignOnTest | null
}

type TextField = 'issuer' | 'clientId' | 'clientSecret' | 'domains'

export type SingleSignOnEvent =
  | { type: 'singleSignOn.retry' }
  | { type: 'singleSignOn.change'; field: TextField; value: string }
  | { type: 'singleSignOn.setRequireSso'; value: boolean }
  | { type: 'singleSignOn.test' }
  | { type: 'singleSignOn.save' }
  | { type: 'singleSignOn.remove' }
  | { type: 'singleSignOn.confirmRemove' }
  | { type: 'singleSignOn.cancel' }

export type SingleSignOnEmitted = { type: 'singleSignOn.saved'; settings: SsoSettings } | { type: 'singleSignOn.removed' }

/** The draft of what the server saved (the secret empty: it is never sent back). */
export function draftOf(settings: SsoSettings | null): SingleSignOnDraft {
  return {
    issuer: settings?.issuer ?? '',
    clientId: settings?.client_id ?? '',
    clientSecret: '',
    domains: (settings?.domains ?? []).join('\n'),
    requireSso: settings?.require_sso ?? false,
  }
}

/** The typed domains as a list: split on commas, semicolons and white space, blanks dropped. */
export function parseDomains(text: string): string[] {
  return text.split(/[\s,;]+/).filter((d) => d.length > 0)
}

/** The request body for the draft: the secret only when one was typed. */
export function toSaveRequest(draft: SingleSignOnDraft): SsoSettingsInput {
  return {
    issuer: draft.issuer,
    client_id: draft.clientId,
    ...(draft.clientSecret === '' ? {} : { client_secret: draft.clientSecret }),
    domains: parseDomains(draft.domains),
    require_sso: draft.requireSso,
  }
}

/**
 * Issues as messages per field, the first of each; an issue at one domain (`['domains', i]`)
 * names it ("acme: Enter domains like example.com, …"). Issues at no field of the form are left out.
 */
export function issuesToFieldErrors(issues: ReadonlyArray<ApiIssue>, domains: ReadonlyArray<string>): Partial<Record<SingleSignOnField, string>> {
  const out: Partial<Record<SingleSignOnField, string>> = {}
  for (const issue of issues) {
    const [field, index] = issue.path
    if (!SINGLE_SIGN_ON_FIELDS.includes(field as SingleSignOnField) || (field as SingleSignOnField) in out) continue
    const domain = field === 'domains' && typeof index === 'number' ? domains[index] : undefined
    out[field as SingleSignOnField] = domain === undefined ? issue.message : `${domain}: ${issue.message}`
  }
  return out
}

/**
 * The draft's errors by the contract's rules, plus the one the server would add: a first
 * connection needs a secret. Empty when it may be sent.
 */
export function draftErrors(draft: SingleSignOnDraft, settings: SsoSettings | null): Partial<Record<SingleSignOnField, string>> {
  const request = toSaveRequest(draft)
  const result = validate(SsoSettingsInput, request)
  const errors = result.ok ? {} : issuesToFieldErrors(result.issues, request.domains)
  if (request.client_secret === undefined && !(settings?.has_client_secret ?? false)) errors.client_secret ??= SSO_MESSAGES.secretRequired
  return errors
}

/** The issuer's error for 'Test connection', or null when it may be tried. */
export function issuerError(issuer: string): string | null {
  const result = validate(SsoTestRequest, { issuer })
  return result.ok ? null : (result.issues[0]?.message ?? SSO_MESSAGES.issuer)
}

/** Whether the draft differs from what the server saved. */
export function isDraftChanged(draft: SingleSignOnDraft, settings: SsoSettings | null): boolean {
  const saved = draftOf(settings)
  return (
    draft.clientSecret !== '' ||
    draft.issuer !== saved.issuer ||
    draft.clientId !== saved.clientId ||
    draft.requireSso !== saved.requireSso ||
    parseDomains(draft.domains).join('\n') !== saved.domains
  )
}

const apiIssues = (error: unknown): ReadonlyArray<ApiIssue> => {
  const issues = typeof error === 'object' && error !== null ? (error as { issues?: unknown }).issues : undefined
  return Array.isArray(issues) ? (issues as ReadonlyArray<ApiIssue>) : []
}

const fieldMap: Readonly<Record<TextField, SingleSignOnField>> = { issuer: 'issuer', clientId: 'client_id', clientSecret: 'client_secret', domains: 'domains' }

export const singleSignOnMachine = setup({
  types: {
    context: {} as SingleSignOnContext,
    events: {} as SingleSignOnEvent,
    emitted: {} as SingleSignOnEmitted,
  },
  actors: {
    /** `GET /organizations/sso`. Provided by src/system/singleSignOn.ts. */
    loadSettings: fromPromise<SsoSettings, void>(async () => {
      throw new Error('loadSettings is provided by the page')
    }),
    /** `PUT /organizations/sso`: the settings as saved. */
    saveSettings: fromPromise<SsoSettings, SsoSettingsInput>(async () => {
      throw new Error('saveSettings is provided by the page')
    }),
    /** `DELETE /organizations/sso` (204; 404 when there was none). */
    removeSettings: fromPromise<void, void>(async () => {
      throw new Error('removeSettings is provided by the page')
    }),
    /** `POST /organizations/sso/test` {issuer}: discovery; 502 with the reason. */
    testConnection: fromPromise<SsoTestResponse, { issuer: string }>(async () => {
      throw new Error('testConnection is provided by the page')
    }),
  },
  guards: {
    isDraftChanged: ({ context }) => isDraftChanged(context.draft, context.settings),
    isConfigured: ({ context }) => context.settings?.configured ?? false,
    isDraftValid: ({ context }) => Object.keys(draftErrors(context.draft, context.settings)).length === 0,
    hasIssuer: ({ context }) => issuerError(context.draft.issuer) === null,
    /** The connection was already gone: what was asked. */
    isAlreadyGone: (_, params: { error: unknown }) => toFailure(params.error, [], '').status === 404,
  },
  actions: {
    assignSettings: assign((_, params: { settings: SsoSettings }) => ({
      settings: params.settings,
      draft: draftOf(params.settings),
      fieldErrors: {},
      formError: null,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], SSO_LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ settings: null, draft: draftOf(null), fieldErrors: {}, formError: null, loadError: null, test: null }),
    /** A field changed: its error and the form's go; a new issuer makes the last test stale. */
    assignField: assign(({ context }, params: { field: TextField; value: string }) => {
      const { [fieldMap[params.field]]: _, ...fieldErrors } = context.fieldErrors
      return {
        draft: { ...context.draft, [params.field]: params.value },
        fieldErrors,
        formError: null,
        test: params.field === 'issuer' ? null : context.test,
      }
    }),
    assignRequireSso: assign(({ context }, params: { value: boolean }) => {
      const { require_sso: _, ...fieldErrors } = context.fieldErrors
      return { draft: { ...context.draft, requireSso: params.value }, fieldErrors, formError: null }
    }),
    assignDraftErrors: assign(({ context }) => ({ fieldErrors: draftErrors(context.draft, context.settings), formError: null })),
    assignIssuerError: assign(({ context }) => ({
      fieldErrors: { ...context.fieldErrors, issuer: issuerError(context.draft.issuer) ?? SSO_MESSAGES.issuer },
      test: null,
    })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    clearTest: assign({ test: null }),
    assignConnected: assign((_, params: { output: SsoTestResponse }) => ({ test: { outcome: 'connected' as const, issuer: params.output.issuer } })),
    assignTestFailure: assign((_, params: { error: unknown }) => ({
      test: { outcome: 'failed' as const, message: toFailure(params.error, [], SSO_TEST_FAILED_MESSAGE).message },
    })),
    /** The server's issues under their fields; anything else above the form. */
    assignSaveFailure: assign(({ context }, params: { error: unknown }) => {
      const fieldErrors = issuesToFieldErrors(apiIssues(params.error), parseDomains(context.draft.domains))
      const failure = toFailure(params.error, [], SSO_SAVE_FAILED_MESSAGE)
      return { fieldErrors, formError: Object.keys(fieldErrors).length > 0 ? null : failure.message }
    }),
    /** Nothing is configured any more: the form starts empty, the requirement off. */
    assignRemoved: assign(({ context }) => {
      const settings: SsoSettings = {
        configured: false,
        issuer: '',
        client_id: '',
        has_client_secret: false,
        domains: [],
        require_sso: false,
        redirect_uri: context.settings?.redirect_uri ?? '',
      }
      return { settings, draft: draftOf(settings), fieldErrors: {}, formError: null, test: null }
    }),
    assignRemoveFailure: assign((_, params: { error: unknown }) => ({ formError: toFailure(params.error, [], SSO_REMOVE_FAILED_MESSAGE).message })),
    emitSaved: emit((_, params: { settings: SsoSettings }) => ({ type: 'singleSignOn.saved' as const, settings: params.settings })),
    emitRemoved: emit({ type: 'singleSignOn.removed' as const }),
  },
}).createMachine({
  id: 'singleSignOn',
  context: { settings: null, draft: draftOf(null), fieldErrors: {}, formError: null, loadError: null, test: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'singleSignOn.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    ready: {
      initial: 'settling',
      states: {
        /** Picks the resting state from the draft and the settings, in the same step. */
        settling: {
          always: [{ guard: 'isDraftChanged', target: 'editing' }, { guard: 'isConfigured', target: 'configured' }, { target: 'notConfigured' }],
        },
        notConfigured: {
          on: {
            'singleSignOn.change': { target: 'editing', actions: { type: 'assignField', params: ({ event }) => event } },
            'singleSignOn.setRequireSso': { target: 'editing', actions: { type: 'assignRequireSso', params: ({ event }) => event } },
            // Nothing typed yet: the issuer field says what it needs.
            'singleSignOn.test': { actions: 'assignIssuerError' },
          },
        },
        configured: {
          on: {
            'singleSignOn.change': { target: 'editing', actions: { type: 'assignField', params: ({ event }) => event } },
            'singleSignOn.setRequireSso': { target: 'editing', actions: { type: 'assignRequireSso', params: ({ event }) => event } },
            // The saved issuer, which the server checked.
            'singleSignOn.test': { target: 'testing', actions: 'clearTest' },
            'singleSignOn.remove': { target: 'confirmingRemove', actions: 'clearErrors' },
          },
        },
        editing: {
          on: {
            'singleSignOn.change': { actions: { type: 'assignField', params: ({ event }) => event } },
            'singleSignOn.setRequireSso': { actions: { type: 'assignRequireSso', params: ({ event }) => event } },
            'singleSignOn.test': [{ guard: 'hasIssuer', target: 'testing', actions: 'clearTest' }, { actions: 'assignIssuerError' }],
            'singleSignOn.save': [{ guard: 'isDraftValid', target: 'saving', actions: 'clearErrors' }, { actions: 'assignDraftErrors' }],
            'singleSignOn.remove': { guard: 'isConfigured', target: 'confirmingRemove', actions: 'clearErrors' },
          },
        },
        testing: {
          invoke: {
            id: 'testConnection',
            src: 'testConnection',
            input: ({ context }) => ({ issuer: context.draft.issuer.trim() }),
            onDone: { target: 'settling', actions: { type: 'assignConnected', params: ({ event }) => ({ output: event.output }) } },
            onError: { target: 'settling', actions: { type: 'assignTestFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => toSaveRequest(context.draft),
            onDone: {
              target: 'saved',
              actions: [
                { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
                { type: 'emitSaved', params: ({ event }) => ({ settings: event.output }) },
              ],
            },
            onError: { target: 'editing', actions: { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** Like configured, with 'Saved' beside the buttons until the next change. */
        saved: {
          on: {
            'singleSignOn.change': { target: 'editing', actions: { type: 'assignField', params: ({ event }) => event } },
            'singleSignOn.setRequireSso': { target: 'editing', actions: { type: 'assignRequireSso', params: ({ event }) => event } },
            'singleSignOn.test': { target: 'testing', actions: 'clearTest' },
            'singleSignOn.remove': { target: 'confirmingRemove', actions: 'clearErrors' },
          },
        },
        confirmingRemove: {
          on: {
            'singleSignOn.confirmRemove': 'removing',
            'singleSignOn.cancel': 'settling',
          },
        },
        removing: {
          invoke: {
            id: 'removeSettings',
            src: 'removeSettings',
            onDone: { target: 'notConfigured', actions: ['assignRemoved', 'emitRemoved'] },
            onError: [
              { guard: { type: 'isAlreadyGone', params: ({ event }) => ({ error: event.error }) }, target: 'notConfigured', actions: ['assignRemoved', 'emitRemoved'] },
              { target: 'settling', actions: { type: 'assignRemoveFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
  },
})

export type SingleSignOnMachine = typeof singleSignOnMachine

/**
 * The bug-report button and modal (SPEC.md §2.6 Bug-report modal, §3 Bug report, §4 Bug report,
 * §5 validation, §8 toasts). Runs as long as the page (the root view mounts it).
 *
 *   starting ─(hidden forever flag)─▶ hidden
 *      └─▶ visible.closed ⇄ visible.open.idle ──submit (valid)──▶ submitting ──▶ closed (emits bugReport.submitted)
 *                               │   └─(invalid: field errors)        └──▶ idle (emits bugReport.failed)
 *                               ├──attach (image)──▶ uploading ──▶ idle (screenshot URL set, or an upload error)
 *                               └──hideForever──▶ hidden (the flag is stored; SPEC §3 Stored values)
 *
 * The fields follow contract `BugReportRequest` (title and description required, steps optional,
 * the screenshot URL an http(s) URL or empty), checked here and again by the server, whose 400
 * issues land on the same fields. The device, browser and page URL and the reporter are added by
 * the `submitReport` actor in src/ (the server takes the reporter from the session anyway).
 */
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { BUG_REPORT_FAILED_MESSAGE, BugReportRequest } from '../../contract/bugReports.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { displayOf, toFailure } from '../shared/failure.ts'
import { bugReportMessages } from './bugReport.messages.ts'

/** The form's fields, keyed by their contract names. */
export const BUG_REPORT_FIELDS = ['title', 'description', 'steps_to_reproduce', 'screenshot_url'] as const
export type BugReportField = (typeof BUG_REPORT_FIELDS)[number]
export type BugReportFieldValues = Readonly<Record<BugReportField, string>>

/** What the person typed, as the contract's request fields (an empty screenshot URL is left out). */
export interface BugReportDraft {
  readonly title: string
  readonly description: string
  readonly steps_to_reproduce: string
  readonly screenshot_url?: string
}

/** A picked or pasted file (a DOM `File` fits); the machine only passes it to `uploadScreenshot`. */
export interface ScreenshotFile {
  readonly name: string
  readonly type: string
  readonly size: number
}

export interface BugReportInput {
  /** Whether 'Hide Forever' was chosen before (the stored flag is the string 'true'). */
  readonly hiddenForever: boolean
}

export interface BugReportContext {
  readonly fields: BugReportFieldValues
  readonly fieldErrors: Readonly<Partial<Record<BugReportField, string>>>
  /** Shown above the form when the server's refusal names no field. */
  readonly formError: DisplayText | null
  /** Why the last upload failed (a person-facing message, or ours to translate), or null. */
  readonly uploadError: DisplayText | null
  /** Name of the file being uploaded or last uploaded into the screenshot URL, or null. */
  readonly screenshotFileName: string | null
  readonly hiddenForever: boolean
}

export type BugReportEvent =
  | { type: 'bugReport.open' }
  | { type: 'bugReport.close' }
  | { type: 'bugReport.change'; field: BugReportField; value: string }
  | { type: 'bugReport.attach'; file: ScreenshotFile }
  | { type: 'bugReport.submit' }
  | { type: 'bugReport.hideForever' }

export type BugReportEmitted = { type: 'bugReport.submitted'; id: string } | { type: 'bugReport.failed'; message: string }

const EMPTY_FIELDS: BugReportFieldValues = { title: '', description: '', steps_to_reproduce: '', screenshot_url: '' }

/** The request fields for what was typed: trimmed, an empty screenshot URL left out. */
export function toDraft(fields: BugReportFieldValues): BugReportDraft {
  const screenshot = fields.screenshot_url.trim()
  return {
    title: fields.title.trim(),
    description: fields.description.trim(),
    steps_to_reproduce: fields.steps_to_reproduce.trim(),
    ...(screenshot === '' ? {} : { screenshot_url: screenshot }),
  }
}

/** Field errors of the fields by the contract's rules; empty when they may be sent. */
export function draftErrors(fields: BugReportFieldValues): Partial<Record<BugReportField, string>> {
  const result = validate(BugReportRequest, toDraft(fields))
  return result.ok ? {} : fieldErrors(result.issues)
}

export const bugReportMachine = setup({
  types: {
    context: {} as BugReportContext,
    input: {} as BugReportInput,
    events: {} as BugReportEvent,
    emitted: {} as BugReportEmitted,
  },
  actors: {
    /** Uploads the image; resolves with its URL (src/api/uploads.ts). Rejects with a person-facing message. Provided by src/. */
    uploadScreenshot: fromPromise<string, { file: ScreenshotFile }>(async () => {
      throw new Error('uploadScreenshot is provided by src/')
    }),
    /** `POST /cms/report-bug` with the device, browser and page added; resolves with the stored id. Provided by src/. */
    submitReport: fromPromise<{ _id: string }, BugReportDraft>(async () => {
      throw new Error('submitReport is provided by src/')
    }),
  },
  guards: {
    isHiddenForever: ({ context }) => context.hiddenForever,
    isValid: ({ context }) => Object.keys(draftErrors(context.fields)).length === 0,
  },
  actions: {
    /** Stores the hidden-forever flag (the string 'true', SPEC §3). Provided by src/. */
    storeHiddenForever: () => {},
    assignField: assign(({ context }, params: { field: BugReportField; value: string }) => {
      const { [params.field]: _dropped, ...otherErrors } = context.fieldErrors
      return {
        fields: { ...context.fields, [params.field]: params.value },
        fieldErrors: otherErrors,
        formError: null,
        // Typing a URL replaces the uploaded file.
        ...(params.field === 'screenshot_url' ? { screenshotFileName: null, uploadError: null } : {}),
      }
    }),
    assignValidationErrors: assign(({ context }) => ({ fieldErrors: draftErrors(context.fields), formError: null })),
    assignUploading: assign((_, params: { file: ScreenshotFile }) => ({ screenshotFileName: params.file.name, uploadError: null })),
    assignUploaded: assign(({ context }, params: { url: string }) => {
      const { screenshot_url: _dropped, ...otherErrors } = context.fieldErrors
      return { fields: { ...context.fields, screenshot_url: params.url }, fieldErrors: otherErrors }
    }),
    assignUploadFailure: assign((_, params: { error: unknown }) => ({
      screenshotFileName: null,
      uploadError: displayOf(params.error) ?? localized(bugReportMessages.uploadFailed),
    })),
    assignSubmitFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, BUG_REPORT_FIELDS, BUG_REPORT_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: Object.keys(failure.fieldErrors).length > 0 ? null : localized(bugReportMessages.failed) }
    }),
    clearErrors: assign({ fieldErrors: {}, formError: null, uploadError: null }),
    resetForm: assign({ fields: EMPTY_FIELDS, fieldErrors: {}, formError: null, uploadError: null, screenshotFileName: null }),
    assignHidden: assign({ hiddenForever: true }),
    emitSubmitted: emit((_, params: { id: string }) => ({ type: 'bugReport.submitted' as const, id: params.id })),
    // SPEC §8: the toast says 'Failed to submit bug report' whatever the cause.
    emitFailed: emit({ type: 'bugReport.failed' as const, message: BUG_REPORT_FAILED_MESSAGE }),
  },
}).createMachine({
  id: 'bugReport',
  context: ({ input }) => ({
    fields: EMPTY_FIELDS,
    fieldErrors: {},
    formError: null,
    uploadError: null,
    screenshotFileName: null,
    hiddenForever: input.hiddenForever,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isHiddenForever', target: 'hidden' }, { target: 'visible' }],
    },
    visible: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'bugReport.open': { target: 'open', actions: 'clearErrors' } },
        },
        open: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'bugReport.submit': [{ guard: 'isValid', target: 'submitting', actions: 'clearErrors' }, { actions: 'assignValidationErrors' }],
                'bugReport.attach': { target: 'uploading', actions: { type: 'assignUploading', params: ({ event }) => event } },
                'bugReport.change': { actions: { type: 'assignField', params: ({ event }) => event } },
                'bugReport.hideForever': { target: '#bugReport.hidden', actions: 'storeHiddenForever' },
                'bugReport.close': { target: '#bugReport.visible.closed' },
              },
            },
            uploading: {
              invoke: {
                id: 'uploadScreenshot',
                src: 'uploadScreenshot',
                input: ({ event }) => {
                  assertEvent(event, 'bugReport.attach')
                  return { file: event.file }
                },
                onDone: { target: 'idle', actions: { type: 'assignUploaded', params: ({ event }) => ({ url: event.output }) } },
                onError: { target: 'idle', actions: { type: 'assignUploadFailure', params: ({ event }) => ({ error: event.error }) } },
              },
              on: {
                // Typing goes on while the screenshot uploads.
                'bugReport.change': { actions: { type: 'assignField', params: ({ event }) => event } },
                'bugReport.hideForever': { target: '#bugReport.hidden', actions: 'storeHiddenForever' },
                // Leaving stops the upload; its URL would be lost anyway.
                'bugReport.close': { target: '#bugReport.visible.closed' },
              },
            },
            submitting: {
              invoke: {
                id: 'submitReport',
                src: 'submitReport',
                input: ({ context }) => toDraft(context.fields),
                onDone: {
                  target: '#bugReport.visible.closed',
                  actions: ['resetForm', { type: 'emitSubmitted', params: ({ event }) => ({ id: event.output._id }) }],
                },
                onError: {
                  target: 'idle',
                  actions: [{ type: 'assignSubmitFailure', params: ({ event }) => ({ error: event.error }) }, 'emitFailed'],
                },
              },
            },
          },
        },
      },
    },
    hidden: {
      entry: 'assignHidden',
    },
  },
})

export type BugReportMachine = typeof bugReportMachine

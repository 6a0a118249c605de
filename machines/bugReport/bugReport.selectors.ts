/**
 * Narrow reads of the bug-report snapshot for views (machines/bugReport/bugReport.machine.ts).
 * The path rule of the floating button (SPEC.md §2.3) is `showsBugReportButton` in
 * src/navigation/paths.ts.
 */
import type { SnapshotFrom } from 'xstate'
import type { BugReportMachine } from './bugReport.machine.ts'

export type BugReportSnapshot = SnapshotFrom<BugReportMachine>

/** Whether the floating button shows (not hidden forever); the path rule is `showsBugReportButton`. */
export const selectButtonVisible = (s: BugReportSnapshot) => s.matches('visible')
export const selectIsOpen = (s: BugReportSnapshot) => s.matches({ visible: 'open' })
export const selectIsSubmitting = (s: BugReportSnapshot) => s.matches({ visible: { open: 'submitting' } })
export const selectIsUploading = (s: BugReportSnapshot) => s.matches({ visible: { open: 'uploading' } })
export const selectFields = (s: BugReportSnapshot) => s.context.fields
export const selectFieldErrors = (s: BugReportSnapshot) => s.context.fieldErrors
export const selectFormError = (s: BugReportSnapshot) => s.context.formError
export const selectUploadError = (s: BugReportSnapshot) => s.context.uploadError
export const selectScreenshotFileName = (s: BugReportSnapshot) => s.context.screenshotFileName

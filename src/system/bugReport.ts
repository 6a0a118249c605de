/**
 * The bugReport machine's browser side (machines/bugReport; SPEC §2.3, §2.6, §8): the screenshot
 * upload (presigned, src/api/uploads.ts), the report with what the browser adds by itself
 * (src/platform/report-environment.ts), the hidden-forever flag in localStorage, and the
 * outcomes as toasts ('Bug report submitted successfully' / 'Failed to submit bug report', in the
 * reader's language).
 *
 * A signed-in person's report carries their session (the server records them and the current
 * workspace); a visitor's is sent anonymously and cannot upload files (uploads need a user).
 */
import { useActorRef } from '@xstate/react'
import { useMemo } from 'react'
import { fromPromise } from 'xstate'
import { localized } from '../../contract/messages.ts'
import { selectAuthStatus } from '../../machines/auth/auth.selectors.ts'
import { type BugReportDraft, type ScreenshotFile, bugReportMachine } from '../../machines/bugReport/bugReport.machine.ts'
import { bugReportMessages } from '../../machines/bugReport/bugReport.messages.ts'
import { createImageUploader } from '../api/uploads.ts'
import { readHiddenForever, reportEnvironment, storeHiddenForever } from '../platform/report-environment.ts'
import { useApi } from './api.tsx'
import { useOutcomeToasts } from './outcomes.ts'
import { useAuthActor } from './react.tsx'

/** A bugReport actor for the page's lifetime (the floating button and its form). */
export function useBugReportActor() {
  const api = useApi()
  const auth = useAuthActor()
  const uploadImage = useMemo(() => createImageUploader({ getPresignedUrl: api.getPresignedUrl }), [api])
  const actor = useActorRef(
    bugReportMachine.provide({
      actors: {
        uploadScreenshot: fromPromise(({ input }: { input: { file: ScreenshotFile } }) => uploadImage(input.file as File)),
        submitReport: fromPromise(async ({ input }: { input: BugReportDraft }) => {
          // Read at send time: the person may have signed in or out since the page loaded.
          const authenticated = selectAuthStatus(auth.getSnapshot()) === 'authenticated'
          const { _id } = await api.reportBug({ ...input, ...(await reportEnvironment(window)) }, authenticated)
          return { _id }
        }),
      },
      actions: { storeHiddenForever: () => storeHiddenForever(window.localStorage) },
    }),
    { input: { hiddenForever: readHiddenForever(window.localStorage) } },
  )
  useOutcomeToasts(actor, {
    'bugReport.submitted': ['success', localized(bugReportMessages.submitted)],
    'bugReport.failed': ['error', localized(bugReportMessages.failed)],
  })
  return actor
}

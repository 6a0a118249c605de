/**
 * The bug-report feature as mounted in the root view (src/router.tsx Root), so it shows on public
 * and app pages alike (SPEC.md §2.3, §2.6): runs a `bugReport` actor for the page's lifetime with
 * its actors on the API, the hidden-forever flag in localStorage, and its outcomes as toasts
 * (SPEC §8 'Bug report submitted successfully' / 'Failed to submit bug report').
 *
 * A signed-in person's report carries their session (the server records them and the current
 * workspace); a visitor's is sent anonymously and cannot upload files (uploads need a user), but
 * can still link a screenshot by URL.
 */
import { useActorRef, useSelector } from '@xstate/react'
import { useLocation } from '@tanstack/react-router'
import { useEffect, useMemo } from 'react'
import { fromPromise } from 'xstate'
import { BUG_REPORT_FAILED_MESSAGE, BUG_REPORT_SUBMITTED_MESSAGE } from '../../../contract/bugReports.ts'
import { selectAuthStatus, selectUser } from '../../../machines/auth/auth.selectors.ts'
import { type BugReportDraft, type ScreenshotFile, bugReportMachine } from '../../../machines/bugReport/bugReport.machine.ts'
import { createImageUploader } from '../../api/uploads.ts'
import { useApi } from '../../system/api.tsx'
import { useAuthActor } from '../../system/react.tsx'
import { useToasts } from '../../system/toasts.tsx'
import { BugReportView } from './BugReportView.tsx'
import { readHiddenForever, reportEnvironment, storeHiddenForever } from './environment.ts'

export function BugReport() {
  const api = useApi()
  const toasts = useToasts()
  const auth = useAuthActor()
  const { pathname } = useLocation()
  const signedIn = useSelector(auth, (s) => selectAuthStatus(s) === 'authenticated')
  const email = useSelector(auth, (s) => (selectAuthStatus(s) === 'authenticated' ? (selectUser(s)?.email ?? null) : null))
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

  useEffect(() => {
    const subscriptions = [
      actor.on('bugReport.submitted', () => toasts.show('success', BUG_REPORT_SUBMITTED_MESSAGE)),
      actor.on('bugReport.failed', () => toasts.show('error', BUG_REPORT_FAILED_MESSAGE)),
    ]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor, toasts])

  return <BugReportView actor={actor} pathname={pathname} reporterEmail={signedIn ? email : null} />
}

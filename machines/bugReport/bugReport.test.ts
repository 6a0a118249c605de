import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { BUG_REPORT_FAILED_MESSAGE } from '../../contract/bugReports.ts'
import { localized } from '../../contract/messages.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable } from '../testing/stubs.ts'
import { type BugReportDraft, type BugReportEmitted, type ScreenshotFile, bugReportMachine } from './bugReport.machine.ts'
import { bugReportMessages } from './bugReport.messages.ts'
import {
  selectButtonVisible,
  selectFieldErrors,
  selectFields,
  selectFormError,
  selectIsOpen,
  selectIsUploading,
  selectScreenshotFileName,
  selectUploadError,
} from './bugReport.selectors.ts'

const shot: ScreenshotFile = { name: 'shot.png', type: 'image/png', size: 1234 }
const SHOT_URL = 'http://localhost/api/data-storage/files/AAAAAAAAAAAAAAAAAAAAAA/shot.png'

function start(hiddenForever = false) {
  const upload = controllable<string, { file: ScreenshotFile }>()
  const submit = controllable<{ _id: string }, BugReportDraft>()
  const stored: string[] = []
  const emitted: BugReportEmitted[] = []
  const actor = createActor(
    bugReportMachine.provide({
      actors: { uploadScreenshot: upload.logic, submitReport: submit.logic },
      actions: { storeHiddenForever: () => void stored.push('true') },
    }),
    { input: { hiddenForever } },
  )
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const type = (field: 'title' | 'description' | 'steps_to_reproduce' | 'screenshot_url', value: string) => actor.send({ type: 'bugReport.change', field, value })
  return { actor, upload, submit, stored, emitted, type }
}

describe('bugReport', () => {
  it('Scenario: a report with an uploaded screenshot is sent, the modal closes and the form is cleared', async () => {
    const { actor, upload, submit, emitted, type } = start()
    actor.send({ type: 'bugReport.open' })
    expect(selectIsOpen(actor.getSnapshot())).toBe(true)
    type('title', '  Chart is empty ')
    type('description', 'The billing chart shows nothing.')
    actor.send({ type: 'bugReport.attach', file: shot })
    expect(selectIsUploading(actor.getSnapshot())).toBe(true)
    expect(selectScreenshotFileName(actor.getSnapshot())).toBe('shot.png')
    // Submitting waits for the upload.
    actor.send({ type: 'bugReport.submit' })
    expect(submit.calls).toEqual([])
    type('steps_to_reproduce', '1. Open billing')
    await upload.resolve(SHOT_URL)
    expect(selectFields(actor.getSnapshot()).screenshot_url).toBe(SHOT_URL)
    actor.send({ type: 'bugReport.submit' })
    expect(submit.calls).toEqual([{ title: 'Chart is empty', description: 'The billing chart shows nothing.', steps_to_reproduce: '1. Open billing', screenshot_url: SHOT_URL }])
    await submit.resolve({ _id: 'r-1' })
    expect(actor.getSnapshot().value).toEqual({ visible: 'closed' })
    expect(emitted).toEqual([{ type: 'bugReport.submitted', id: 'r-1' }])
    expect(selectFields(actor.getSnapshot())).toEqual({ title: '', description: '', steps_to_reproduce: '', screenshot_url: '' })
  })

  it('Scenario: missing title and description and a javascript: screenshot URL show field errors and send nothing', () => {
    const { actor, submit, type } = start()
    actor.send({ type: 'bugReport.open' })
    type('screenshot_url', 'javascript:alert(1)')
    actor.send({ type: 'bugReport.submit' })
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      screenshot_url: 'Enter a valid http(s) URL',
    })
    expect(submit.calls).toEqual([])
    // Typing in a field takes its error away, and only its own.
    type('title', 'Something')
    expect(Object.keys(selectFieldErrors(actor.getSnapshot())).sort()).toEqual(['description', 'screenshot_url'])
  })

  it('Scenario: a failed submission keeps the form, says so, and maps the server’s issues to fields', async () => {
    const { actor, submit, emitted, type } = start()
    actor.send({ type: 'bugReport.open' })
    type('title', 'Chart')
    type('description', 'Empty')
    actor.send({ type: 'bugReport.submit' })
    await submit.reject(apiError(500, 'internal_error', 'Something went wrong on our side.'))
    expect(actor.getSnapshot().value).toEqual({ visible: { open: 'idle' } })
    // SPEC §8's 'Failed to submit bug report', in the reader's language.
    expect(selectFormError(actor.getSnapshot())).toEqual(localized(bugReportMessages.failed))
    expect(emitted).toEqual([{ type: 'bugReport.failed', message: BUG_REPORT_FAILED_MESSAGE }])
    expect(selectFields(actor.getSnapshot()).title).toBe('Chart')

    actor.send({ type: 'bugReport.submit' })
    await submit.reject(Object.assign(apiError(400, 'invalid_request', 'The request body is invalid.'), { issues: [{ path: ['title'], message: 'Title must be at most 200 characters' }] }))
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({ title: 'Title must be at most 200 characters' })
    expect(selectFormError(actor.getSnapshot())).toBeNull()
  })

  it('Scenario: a refused upload says why; typing a URL instead replaces the file', async () => {
    const { actor, upload, type } = start()
    actor.send({ type: 'bugReport.open' })
    actor.send({ type: 'bugReport.attach', file: { name: 'x.svg', type: 'image/svg+xml', size: 10 } })
    await upload.reject(Object.assign(new Error('image upload failed: unsupported_type'), { display: 'Choose a PNG, JPEG, WebP or GIF image.' }))
    expect(selectUploadError(actor.getSnapshot())).toBe('Choose a PNG, JPEG, WebP or GIF image.')
    expect(selectScreenshotFileName(actor.getSnapshot())).toBeNull()
    actor.send({ type: 'bugReport.attach', file: shot })
    await upload.resolve(SHOT_URL)
    expect(selectUploadError(actor.getSnapshot())).toBeNull()
    type('screenshot_url', 'https://imgur.example/a.png')
    expect(selectScreenshotFileName(actor.getSnapshot())).toBeNull()
  })

  it('Scenario: closing while uploading stops the upload; reopening starts without old errors', async () => {
    const { actor, upload } = start()
    actor.send({ type: 'bugReport.open' })
    actor.send({ type: 'bugReport.submit' })
    actor.send({ type: 'bugReport.close' })
    actor.send({ type: 'bugReport.open' })
    expect(selectFieldErrors(actor.getSnapshot())).toEqual({})
    actor.send({ type: 'bugReport.attach', file: shot })
    actor.send({ type: 'bugReport.close' })
    // The stopped upload finishing later changes nothing.
    await upload.resolve(SHOT_URL)
    expect(actor.getSnapshot().value).toEqual({ visible: 'closed' })
    expect(selectFields(actor.getSnapshot()).screenshot_url).toBe('')
  })

  it('Scenario: Hide Forever stores the flag and removes the button; a stored flag starts hidden', () => {
    const first = start()
    first.actor.send({ type: 'bugReport.open' })
    first.actor.send({ type: 'bugReport.hideForever' })
    expect(selectButtonVisible(first.actor.getSnapshot())).toBe(false)
    expect(first.stored).toEqual(['true'])
    first.actor.send({ type: 'bugReport.open' })
    expect(selectIsOpen(first.actor.getSnapshot())).toBe(false)

    const later = start(true)
    expect(later.actor.getSnapshot().value).toBe('hidden')
    expect(later.stored).toEqual([])
  })
})

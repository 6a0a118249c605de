import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { BUG_REPORT_FAILED_MESSAGE } from '../../contract/bugReports.ts'
import { apiError } from '../testing/fixtures.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, settleActorEvent } from '../testing/stubs.ts'
import { type BugReportDraft, type BugReportEmitted, type ScreenshotFile, bugReportMachine, draftErrors } from './bugReport.machine.ts'
import { selectButtonVisible, selectIsSubmitting } from './bugReport.selectors.ts'

const shot: ScreenshotFile = { name: 'shot.png', type: 'image/png', size: 1234 }
const SHOT_URL = 'http://localhost/api/data-storage/files/AAAAAAAAAAAAAAAAAAAAAA/shot.png'

describe('bugReport (model)', () => {
  // A stored flag changes the start, so the model is walked from both starts and the union must cover every transition.
  const walkedAll: string[] = []
  let definedAll: string[] = []
  for (const hiddenForever of [false, true]) {
    it(`walks every transition on a real actor (hidden forever at start: ${hiddenForever})`, async () => {
      const stored: string[] = []
      const result = await walkEveryTransition({
        machine: bugReportMachine,
        input: { hiddenForever },
        events: [
          { type: 'bugReport.open' },
          { type: 'bugReport.close' },
          { type: 'bugReport.change', field: 'title', value: 'Chart is empty' },
          { type: 'bugReport.change', field: 'description', value: 'The billing chart shows nothing.' },
          { type: 'bugReport.change', field: 'screenshot_url', value: 'javascript:alert(1)' },
          { type: 'bugReport.attach', file: shot },
          { type: 'bugReport.submit' },
          { type: 'bugReport.hideForever' },
          { type: 'xstate.done.actor.uploadScreenshot', output: SHOT_URL },
          { type: 'xstate.error.actor.uploadScreenshot', error: Object.assign(new Error('image upload failed: unsupported_type'), { display: 'Choose a PNG, JPEG, WebP or GIF image.' }) },
          { type: 'xstate.done.actor.submitReport', output: { _id: 'r-1' } },
          { type: 'xstate.error.actor.submitReport', error: apiError(500, 'internal_error', 'Something went wrong on our side.') },
        ] as never[],
        serializeState: (s) =>
          JSON.stringify([s.value, Object.keys(draftErrors(s.context.fields)).sort(), Object.keys(s.context.fieldErrors).sort(), s.context.uploadError !== null, s.context.formError !== null]),
        start: (inspect) => {
          const upload = controllable<string, { file: ScreenshotFile }>()
          const submit = controllable<{ _id: string }, BugReportDraft>()
          const emitted: BugReportEmitted[] = []
          const machine = bugReportMachine.provide({
            actors: { uploadScreenshot: upload.logic, submitReport: submit.logic },
            actions: { storeHiddenForever: () => void stored.push('true') },
          })
          const storedBefore = stored.length
          const actor = createActor(machine, { input: { hiddenForever }, inspect })
          actor.on('*', (e) => emitted.push(e))
          actor.start()
          return {
            actor,
            exec: async (event) => {
              if (await settleActorEvent(event as { type: string }, { uploadScreenshot: upload, submitReport: submit })) return
              actor.send(event)
            },
            check: (s) => {
              if (s.matches({ visible: { open: 'submitting' } })) {
                expect(selectIsSubmitting(s)).toBe(true)
                // Only a draft the contract accepts is ever sent.
                const sent = submit.calls.at(-1)!
                expect(sent.title).toBe('Chart is empty')
                expect(sent.screenshot_url === undefined || sent.screenshot_url === SHOT_URL).toBe(true)
              }
              if (s.matches({ visible: { open: 'uploading' } })) expect(upload.calls.at(-1)).toEqual({ file: shot })
              expect(selectButtonVisible(s)).toBe(!s.matches('hidden'))
              if (s.matches('hidden')) expect(s.context.hiddenForever).toBe(true)
              // The flag is stored only by choosing 'Hide Forever', never when read back at start.
              expect(stored.length - storedBefore).toBe(hiddenForever ? 0 : s.matches('hidden') ? 1 : 0)
              for (const e of emitted) {
                if (e.type === 'bugReport.failed') expect(e.message).toBe(BUG_REPORT_FAILED_MESSAGE)
                if (e.type === 'bugReport.submitted') expect(e.id).toBe('r-1')
              }
            },
            stop: () => actor.stop(),
          }
        },
      })
      expect(result.failures).toEqual([])
      walkedAll.push(...result.walked)
      if (hiddenForever) {
        // No event leads anywhere from a hidden start, so the walk has no path: run the start itself.
        expect(result.paths).toBe(0)
        const actor = createActor(bugReportMachine, {
          input: { hiddenForever },
          inspect: (ev) => {
            if (ev.type !== '@xstate.microstep') return
            for (const t of (ev as unknown as { _transitions: Array<{ source: { id: string; always?: unknown[] } }> })._transitions) {
              const index = t.source.always?.indexOf(t) ?? -1
              if (index >= 0) walkedAll.push(`${t.source.id} (always) #${index}`)
            }
          },
        }).start()
        expect(actor.getSnapshot().value).toBe('hidden')
        expect(stored).toEqual([])
        actor.stop()
      }
      definedAll = result.defined
    })
  }

  it('left no transition unwalked across both starts (a stored flag skips straight to hidden)', () => {
    expect(definedAll.length).toBeGreaterThan(10)
    expect(definedAll.filter((k) => !walkedAll.includes(k))).toEqual([])
  })
})

// @vitest-environment jsdom
import { LAZY } from '../testing/jsdom.ts'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { BugReportRequest } from '../../../contract/bugReports.ts'
import { validate } from '../../../contract/validate.ts'
import { type BugReportDraft, type ScreenshotFile, bugReportMachine } from '../../../machines/bugReport/bugReport.machine.ts'
import { controllable } from '../../../machines/testing/stubs.ts'
import { BugReportView } from './BugReportView.tsx'
import { BUG_REPORT_HIDDEN_KEY, readHiddenForever, reportEnvironment, storeHiddenForever } from '../../platform/report-environment.ts'

afterEach(cleanup)


function renderView(pathname = '/app/dashboard', reporterEmail: string | null = 'admin@acme.test') {
  const upload = controllable<string, { file: ScreenshotFile }>()
  const submit = controllable<{ _id: string }, BugReportDraft>()
  const stored: string[] = []
  const actor = createActor(
    bugReportMachine.provide({
      actors: { uploadScreenshot: upload.logic, submitReport: submit.logic },
      actions: { storeHiddenForever: () => void stored.push('true') },
    }),
    { input: { hiddenForever: false } },
  ).start()
  const view = render(<BugReportView actor={actor} pathname={pathname} reporterEmail={reporterEmail} />)
  return { actor, upload, submit, stored, view }
}

describe('BugReportView', () => {
  it('Scenario: the icon-only button opens the modal; the typed report is submitted; the email is read-only', async () => {
    const user = userEvent.setup()
    const { submit } = renderView()
    await user.click(screen.getByRole('button', { name: 'Report a bug' }))
    // The modal is its own chunk, loaded on first use.
    const dialog = within(await screen.findByRole('dialog', { name: 'Report a bug' }, LAZY))
    expect(dialog.getByLabelText('Reporter email')).toHaveProperty('readOnly', true)
    expect(dialog.getByLabelText('Reporter email')).toHaveProperty('value', 'admin@acme.test')
    await user.type(dialog.getByLabelText(/^Title/), 'Chart is empty')
    await user.type(dialog.getByLabelText(/^Description/), 'No bars')
    await user.click(dialog.getByRole('button', { name: 'Submit' }))
    expect(submit.calls).toEqual([{ title: 'Chart is empty', description: 'No bars', steps_to_reproduce: '' }])
  })

  it('Scenario: an image pasted into the dialog is uploaded; pasted text is left to the field', async () => {
    const user = userEvent.setup()
    const { upload } = renderView()
    await user.click(screen.getByRole('button', { name: 'Report a bug' }))
    const title = within(await screen.findByRole('dialog', { name: 'Report a bug' }, LAZY)).getByLabelText(/^Title/)
    const image = new File([new Uint8Array([1, 2, 3])], 'pasted.png', { type: 'image/png' })
    fireEvent.paste(title, { clipboardData: { files: [], getData: () => 'text' } })
    expect(upload.calls).toEqual([])
    fireEvent.paste(title, { clipboardData: { files: [image], getData: () => '' } })
    expect(upload.calls).toEqual([{ file: image }])
    expect(await screen.findByText('Uploading pasted.png…')).toBeTruthy()
  })

  it("Scenario: 'Hide Forever' removes the button; on /app/integrations paths it never shows", async () => {
    const user = userEvent.setup()
    const { stored } = renderView()
    await user.click(screen.getByRole('button', { name: 'Report a bug' }))
    await user.click(await screen.findByRole('button', { name: 'Hide Forever' }, LAZY))
    expect(screen.queryByRole('button', { name: 'Report a bug' })).toBeNull()
    expect(stored).toEqual(['true'])
    cleanup()
    renderView('/app/integrations/hubspot')
    expect(screen.queryByRole('button', { name: 'Report a bug' })).toBeNull()
  })

  it('Scenario: a visitor sees that the report goes without an email', async () => {
    const user = userEvent.setup()
    renderView('/pricing', null)
    await user.click(screen.getByRole('button', { name: 'Report a bug' }))
    expect(await screen.findByText('You are not signed in: the report is sent without your email.', {}, LAZY)).toBeTruthy()
  })
})

describe('bug report environment', () => {
  it('Scenario: the hidden flag is the string true under its key; broken storage counts as not hidden', () => {
    const data = new Map<string, string>()
    const storage = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
    expect(readHiddenForever(storage)).toBe(false)
    storeHiddenForever(storage)
    expect(data.get(BUG_REPORT_HIDDEN_KEY)).toBe('true')
    expect(readHiddenForever(storage)).toBe(true)
    expect(readHiddenForever({ getItem: () => { throw new Error('denied') } })).toBe(false)
    expect(() => storeHiddenForever({ setItem: () => { throw new Error('quota') } })).not.toThrow()
  })

  it('Scenario: the automatic fields pass the contract and leave out the query and fragment', async () => {
    window.history.replaceState(null, '', '/set-password?token=secret#x')
    const env = await reportEnvironment(window)
    expect(env.website_url).toBe(`${window.location.origin}/set-password`)
    expect(env.device_info).toMatchObject({ device_type: 'desktop' })
    const result = validate(BugReportRequest, { title: 't', description: 'd', ...env })
    expect(result.ok).toBe(true)
  })
})

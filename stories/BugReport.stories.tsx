/**
 * The bug-report button and modal (SPEC §2.6, §4 Bug report, §5, §8), one story per state a
 * person can see. Each starts the `bugReport` machine from a saved state (`resolveState`) with
 * actors that never settle, so the story shows exactly that state.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, waitFor, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import { type BugReportContext, type BugReportDraft, type ScreenshotFile, bugReportMachine } from '../machines/bugReport/bugReport.machine.ts'
import { BugReportView } from '../src/ui/bugReport/BugReportView.tsx'
import type { MachineStateParameter } from './machine-states.ts'

const meta: Meta = { title: 'Machines/bugReport', parameters: { layout: 'fullscreen' } }
export default meta
type Story = StoryObj

const never = <T, I>() => fromPromise<T, I>(() => new Promise<T>(() => {}))

const typed: BugReportContext['fields'] = {
  title: 'Billing chart is empty',
  description: 'The chart on the billing page shows no bars this month.',
  steps_to_reproduce: '1. Open Billing\n2. Look at the chart',
  screenshot_url: '',
}

const base: BugReportContext = {
  fields: { title: '', description: '', steps_to_reproduce: '', screenshot_url: '' },
  fieldErrors: {},
  formError: null,
  uploadError: null,
  screenshotFileName: null,
  hiddenForever: false,
}

/** The view over a bugReport actor in `value` with `context`. */
function story(value: StateValue, context: Partial<BugReportContext> = {}, reporterEmail: string | null = 'admin@acme.test', pathname = '/app/dashboard'): Story {
  return {
    parameters: { machineState: { machine: 'bugReport', state: value } satisfies MachineStateParameter },
    render: function Render() {
      const [actor] = useState(() => {
        const machine = bugReportMachine.provide({ actors: { uploadScreenshot: never<string, { file: ScreenshotFile }>(), submitReport: never<{ _id: string }, BugReportDraft>() } })
        return createActor(machine, {
          input: { hiddenForever: false },
          snapshot: machine.resolveState({ value: value as never, context: { ...base, ...context } }),
        }).start()
      })
      return (
        <main style={{ padding: 24, minHeight: 640 }}>
          <p>Page content: {pathname}</p>
          <BugReportView actor={actor} pathname={pathname} reporterEmail={reporterEmail} />
        </main>
      )
    },
  }
}

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
/** The open modal, once its fade-in (the Modal primitive's) has begun to show it. */
const dialogOf = async (canvasElement: HTMLElement) => {
  const dialog = await body(canvasElement).findByRole('dialog', { name: 'Report a bug' })
  await waitFor(() => expect(dialog).toBeVisible())
  return dialog
}

/** Closed: only the floating button, named 'Report a bug'. */
export const Closed: Story = {
  ...story({ visible: 'closed' }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Report a bug' })).toBeVisible()
    await expect(body(canvasElement).queryByRole('dialog')).toBeNull()
  },
}

/** Closed on a phone (390 px): the smaller button docks after the page, at the end of its own row, so it covers nothing. */
export const ClosedOnPhone: Story = {
  ...story({ visible: 'closed' }),
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Report a bug' })
    await expect(button).toBeVisible()
    await expect(getComputedStyle(button).position).toBe(window.innerWidth < 768 ? 'static' : 'fixed')
  },
}

/** On a path containing /app/integrations the button is not shown (SPEC §2.3). */
export const HiddenOnIntegrations: Story = {
  ...story({ visible: 'closed' }, {}, 'admin@acme.test', '/app/integrations'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Report a bug' })).toBeNull()
  },
}

/** The modal, idle and empty: the reporter email is the signed-in user's, read-only. */
export const ModalIdle: Story = {
  ...story({ visible: { open: 'idle' } }),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByLabelText('Reporter email')).toHaveValue('admin@acme.test')
    await expect(dialog.getByLabelText('Reporter email')).toHaveAttribute('readonly')
    await expect(dialog.getByRole('button', { name: 'Hide Forever' })).toBeEnabled()
    await expect(dialog.getByRole('button', { name: 'Choose image' })).toBeEnabled()
  },
}

/** A visitor who is not signed in: the report goes without an email. */
export const ModalAnonymous: Story = {
  ...story({ visible: { open: 'idle' } }, { fields: typed }, null, '/pricing'),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByText('You are not signed in: the report is sent without your email.')).toBeVisible()
  },
}

/** Submitted with the required fields empty and a javascript: screenshot URL (SPEC §5). */
export const ModalFieldErrors: Story = {
  ...story(
    { visible: { open: 'idle' } },
    {
      fields: { ...base.fields, screenshot_url: 'javascript:alert(1)' },
      fieldErrors: { title: 'Title is required', description: 'Description is required', screenshot_url: 'Enter a valid http(s) URL' },
    },
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByText('Title is required')).toBeVisible()
    await expect(dialog.getByText('Description is required')).toBeVisible()
    await expect(dialog.getByText('Enter a valid http(s) URL')).toBeVisible()
  },
}

/** The upload was refused: why, next to the picker. */
export const ModalUploadFailed: Story = {
  ...story({ visible: { open: 'idle' } }, { fields: typed, uploadError: 'Choose a PNG, JPEG, WebP or GIF image.' }),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByRole('alert')).toHaveTextContent('Choose a PNG, JPEG, WebP or GIF image.')
  },
}

/** The submission failed: the form stays filled and says so (the toast says it too, SPEC §8). */
export const ModalSubmitFailed: Story = {
  ...story({ visible: { open: 'idle' } }, { fields: typed, formError: 'Failed to submit bug report' }),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByRole('alert')).toHaveTextContent('Failed to submit bug report')
  },
}

/** Uploading a picked or pasted screenshot: the picker and the URL field wait; typing goes on. */
export const ModalUploading: Story = {
  ...story({ visible: { open: 'uploading' } }, { fields: typed, screenshotFileName: 'screenshot.png' }),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByRole('status')).toHaveTextContent('Uploading screenshot.png…')
    await expect(dialog.getByRole('button', { name: 'Choose image' })).toBeDisabled()
    await expect(dialog.getByRole('button', { name: 'Submit' })).toBeDisabled()
  },
}

/** Submitting: fields and buttons wait, the submit button shows its busy state. */
export const ModalSubmitting: Story = {
  ...story(
    { visible: { open: 'submitting' } },
    { fields: { ...typed, screenshot_url: 'http://localhost:3000/api/data-storage/files/AAAAAAAAAAAAAAAAAAAAAA/screenshot.png' }, screenshotFileName: 'screenshot.png' },
  ),
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByRole('button', { name: /Submitting/ })).toHaveAttribute('aria-disabled', 'true')
    await expect(dialog.getByLabelText(/^Title/)).toBeDisabled()
  },
}

/** After 'Hide Forever' (or with the stored flag): no button on any page. */
export const HiddenForever: Story = {
  ...story('hidden', { hiddenForever: true }),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Page content: /app/dashboard')).toBeVisible()
    await expect(within(canvasElement).queryByRole('button', { name: 'Report a bug' })).toBeNull()
  },
}

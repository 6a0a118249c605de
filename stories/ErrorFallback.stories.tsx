import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { noAnalytics } from '../src/analytics/port.ts'
import { ErrorReportingProvider } from '../src/system/errorBoundary.tsx'
import { ERROR_FALLBACK_TEXT, ErrorBoundary } from '../src/ui/ErrorFallback.tsx'

/**
 * SPEC §2.6, §4 Error fallback, §8 Unexpected rendering error. The boundary's states: errored (the
 * fallback) and normal again after 'Try Again'. Nothing is reported or reloaded here.
 */
const meta: Meta = { title: 'Machines/errorBoundary' }
export default meta

const quiet = { analytics: noAnalytics, reloadForChunkError: async () => false, reloadPage: () => {} }

/** A page whose render always fails. */
function BrokenPage(): never {
  throw new Error('The page failed to render')
}

/** A page that fails: the fallback; once the cause is gone, 'Try Again' brings the page back (normal). */
export const TryAgainRecovers: StoryObj = {
  parameters: { machineState: { machine: 'errorBoundary', state: 'normal' } },
  render: () => {
    cause.present = true
    return (
      <ErrorReportingProvider value={quiet}>
        <ErrorBoundary>
          <FlakyPage />
        </ErrorBoundary>
      </ErrorReportingProvider>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const tryAgain = await canvas.findByRole('button', { name: 'Try Again' })
    cause.present = false
    await userEvent.click(tryAgain)
    await expect(await canvas.findByText('The page rendered.')).toBeInTheDocument()
  },
}

/** Whether the page's cause of failure is still there (a missing chunk, a bad answer...). */
const cause = { present: true }
function FlakyPage() {
  if (cause.present) throw new Error('The page failed to render')
  return <p>The page rendered.</p>
}

/** Errored: the fallback as it appears when a page throws (the real boundary, around a page that fails). */
export const Errored: StoryObj = {
  parameters: { machineState: { machine: 'errorBoundary', state: 'errored' } },
  render: () => (
    <ErrorReportingProvider value={quiet}>
      <ErrorBoundary>
        <BrokenPage />
      </ErrorBoundary>
    </ErrorReportingProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    await expect(canvas.getByText(ERROR_FALLBACK_TEXT)).toBeInTheDocument()
    await expect(canvas.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()
  },
}

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AnalyticsPort } from '../analytics/port.ts'
import { ErrorReportingProvider } from '../system/errorBoundary.tsx'
import { ERROR_FALLBACK_TEXT, ErrorBoundary } from './ErrorFallback.tsx'

afterEach(cleanup)

function setup(reloadForChunkError: (e: unknown) => Promise<boolean> = async () => false) {
  const captured: Array<[unknown, unknown]> = []
  const analytics: AnalyticsPort = { pageView: () => {}, identify: () => {}, captureException: (e, c) => void captured.push([e, c]) }
  const reloads = { page: 0 }
  const state = { fail: true }
  function Contacts() {
    if (state.fail) throw new TypeError('contacts is undefined')
    return <p>All contacts</p>
  }
  const ui = (path: string) => (
    <ErrorReportingProvider value={{ analytics, reloadForChunkError, reloadPage: () => void reloads.page++ }}>
      <ErrorBoundary resetKey={path}>{path === '/app/contacts' ? <Contacts /> : <p>Dashboard</p>}</ErrorBoundary>
    </ErrorReportingProvider>
  )
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const view = render(ui('/app/contacts'))
  return { captured, reloads, state, consoleError, rerender: (path: string) => view.rerender(ui(path)) }
}

describe('ErrorBoundary', () => {
  it('shows the SPEC §8 fallback, logs the error with its component stack and reports it with the boundary flag', () => {
    const t = setup()
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByText(ERROR_FALLBACK_TEXT)).toBeTruthy()
    expect(t.captured).toHaveLength(1)
    const [error, context] = t.captured[0]!
    expect((error as Error).message).toBe('contacts is undefined')
    expect(context).toMatchObject({ boundary: true, componentStack: expect.stringContaining('Contacts') })
    expect(t.consoleError).toHaveBeenCalledWith('Unexpected rendering error:', error, expect.stringContaining('Contacts'))
    t.consoleError.mockRestore()
  })

  it('Try Again renders the page again; it recovers once the cause is gone', async () => {
    const t = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    // Still failing: the fallback again, reported again.
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(t.captured).toHaveLength(2)
    t.state.fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(screen.getByText('All contacts')).toBeTruthy()
    t.consoleError.mockRestore()
  })

  it('Refresh Page reloads; a route change clears the error', async () => {
    const t = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Page' }))
    expect(t.reloads.page).toBe(1)
    t.rerender('/app/dashboard')
    expect(screen.getByText('Dashboard')).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull()
    t.consoleError.mockRestore()
  })

  it('offers every caught error to the chunk-reload guard', () => {
    const offered: unknown[] = []
    const t = setup(async (e) => offered.push(e) < 0)
    expect(offered).toHaveLength(1)
    t.consoleError.mockRestore()
  })
})

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DeferredStateProvider, NotificationsActorProvider } from '../system/react.tsx'
import { NotificationsPage } from './NotificationsPage.tsx'

afterEach(cleanup)

describe('NotificationsPage before the notifications actor has started', () => {
  it('Scenario: a direct visit that arrives first shows the page loading, and asks for the actor', () => {
    const start = vi.fn()
    render(
      <DeferredStateProvider value={{ pending: true, start }}>
        <NotificationsActorProvider actor={null}>
          <NotificationsPage />
        </NotificationsActorProvider>
      </DeferredStateProvider>,
    )
    expect(screen.getByRole('heading', { name: 'Notifications', level: 1 })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Loading notifications…')
    expect(start).toHaveBeenCalledOnce()
  })

  it('Scenario: without an actor and nothing pending it is a wiring error, not an endless skeleton', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      expect(() => render(<NotificationsPage />)).toThrow(/NotificationsActorProvider/)
    } finally {
      error.mockRestore()
    }
  })
})

// @vitest-environment jsdom
import { cleanup, render, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { notificationsMachine } from '../../machines/notifications/notifications.machine.ts'
import { requiredContext } from './context.tsx'
import { NotificationsActorProvider, useNotificationsActor, useOptionalNotificationsActor } from './react.tsx'

afterEach(cleanup)

describe('actor contexts (SPEC §8: using the notification context outside its provider throws)', () => {
  it('useNotificationsActor throws outside NotificationsActorProvider; the optional hook gives null', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useNotificationsActor())).toThrow('This component must be used inside <NotificationsActorProvider>')
    quiet.mockRestore()
    expect(renderHook(() => useOptionalNotificationsActor()).result.current).toBeNull()
  })

  it('inside the provider the hook hands out the actor', () => {
    const actor = createActor(notificationsMachine)
    const seen: unknown[] = []
    function Probe() {
      seen.push(useNotificationsActor())
      return null
    }
    render(
      <NotificationsActorProvider actor={actor}>
        <Probe />
      </NotificationsActorProvider>,
    )
    expect(seen[0]).toBe(actor)
  })

  it('every required context names its provider in the error', () => {
    const ctx = requiredContext<number>('CountProvider')
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => ctx.use())).toThrow('<CountProvider>')
    quiet.mockRestore()
  })
})

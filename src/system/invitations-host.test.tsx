// @vitest-environment jsdom
/**
 * The shell's invitations actor starts once the shell is idle, from a chunk of its own,
 * without remounting what it wraps; without an API there is none.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { useEffect } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { toastsMachine } from '../../machines/toasts/toasts.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import { ApiProvider } from './api.tsx'
import { InvitationsHost, useOptionalInvitationsActor } from './invitations-host.tsx'
import { ToastsActorProvider } from './toasts.tsx'
import { LAZY } from '../ui/testing/jsdom.ts'

afterEach(cleanup)

let mounts = 0
function Probe() {
  const actor = useOptionalInvitationsActor()
  useEffect(() => {
    mounts += 1
  }, [])
  return <p>{actor === null ? 'no actor' : `actor ${actor.getSnapshot().value as string}`}</p>
}

describe('InvitationsHost', () => {
  it('provides nothing on the first paint, then the running actor, keeping its children mounted', async () => {
    mounts = 0
    const mine = vi.fn(async () => [])
    const api = { invitations: { mine, accept: vi.fn(), decline: vi.fn() } } as unknown as Endpoints
    render(
      <ApiProvider api={api}>
        <ToastsActorProvider actor={createActor(toastsMachine).start()}>
          <InvitationsHost>
            <Probe />
          </InvitationsHost>
        </ToastsActorProvider>
      </ApiProvider>,
    )
    expect(screen.getByText('no actor')).toBeTruthy()
    expect(mine).not.toHaveBeenCalled()
    await screen.findByText(/^actor /, undefined, LAZY)
    await waitFor(() => expect(mine).toHaveBeenCalledTimes(1))
    expect(mounts).toBe(1)
  })

  it('runs no actor without an API (stories and tests of the shell)', async () => {
    render(
      <InvitationsHost>
        <Probe />
      </InvitationsHost>,
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByText('no actor')).toBeTruthy()
  })
})

import { createActor } from 'xstate'
import { describe, expect, it, vi } from 'vitest'
import { errorBoundaryMachine } from './errorBoundary.machine.ts'

function start() {
  const reported: unknown[] = []
  const reloads = { page: 0, chunk: [] as unknown[] }
  const actor = createActor(
    errorBoundaryMachine.provide({
      actions: {
        reportException: (_, params) => void reported.push(params),
        reloadForChunk: (_, params) => void reloads.chunk.push(params.error),
        reloadPage: () => void reloads.page++,
      },
    }),
  ).start()
  const resets: string[] = []
  actor.on('errorBoundary.reset', (e) => void resets.push(e.type))
  return { actor, reported, reloads, resets }
}

describe(errorBoundaryMachine.id, () => {
  it('Scenario: a rendering error shows the fallback; the error and its component stack go to the console and to analytics', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const t = start()
    const boom = new TypeError("Cannot read properties of undefined (reading 'map')")
    t.actor.send({ type: 'error.caught', error: boom, componentStack: '\n    at ContactsPage' })
    expect(t.actor.getSnapshot().value).toBe('errored')
    expect(error).toHaveBeenCalledWith('Unexpected rendering error:', boom, '\n    at ContactsPage')
    expect(t.reported).toEqual([{ error: boom, componentStack: '\n    at ContactsPage' }])
    // Every caught error is offered to the chunk guard, which reloads only for lost chunks.
    expect(t.reloads.chunk).toEqual([boom])
    error.mockRestore()
  })

  it('Scenario: Try Again clears the error and asks the boundary to render its children again', () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    const t = start()
    t.actor.send({ type: 'error.caught', error: new Error('x'), componentStack: null })
    t.actor.send({ type: 'error.retry' })
    expect(t.actor.getSnapshot().value).toBe('normal')
    expect(t.actor.getSnapshot().context.caught).toBeNull()
    expect(t.resets).toEqual(['errorBoundary.reset'])
  })

  it('Scenario: leaving the page clears the error', () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    const t = start()
    t.actor.send({ type: 'error.caught', error: new Error('x'), componentStack: null })
    t.actor.send({ type: 'route.changed' })
    expect(t.actor.getSnapshot().value).toBe('normal')
  })

  it('Scenario: Refresh Page reloads the page', () => {
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    const t = start()
    t.actor.send({ type: 'error.refresh' })
    expect(t.reloads.page).toBe(0)
    t.actor.send({ type: 'error.caught', error: new Error('x'), componentStack: null })
    t.actor.send({ type: 'error.refresh' })
    expect(t.reloads.page).toBe(1)
  })
})

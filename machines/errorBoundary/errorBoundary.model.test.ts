import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { errorBoundaryMachine } from './errorBoundary.machine.ts'

const boom = new Error('boom')
const events = [
  { type: 'error.caught', error: boom, componentStack: '\n    at Page' },
  { type: 'error.retry' },
  { type: 'error.refresh' },
  { type: 'route.changed' },
] as never[]

describe('errorBoundary (model)', () => {
  it('walks every transition: each caught error is logged and reported once, Try Again and a route change reset, Refresh reloads', async () => {
    const result = await walkEveryTransition({
      machine: errorBoundaryMachine,
      events,
      serializeState: (s) => JSON.stringify(s.value),
      start: (inspect) => {
        const log = { logged: 0, reported: [] as unknown[], chunkChecks: 0, reloads: 0, resets: 0, caught: 0 }
        const actor = createActor(
          errorBoundaryMachine.provide({
            actions: {
              logError: () => void log.logged++,
              reportException: (_, params) => void log.reported.push(params),
              reloadForChunk: () => void log.chunkChecks++,
              reloadPage: () => void log.reloads++,
            },
          }),
          { inspect },
        )
        actor.on('errorBoundary.reset', () => void log.resets++)
        actor.start()
        let refreshes = 0
        return {
          actor,
          exec: (event) => {
            const type = (event as { type: string }).type
            if (type === 'error.caught' && actor.getSnapshot().matches('normal')) log.caught++
            if (type === 'error.refresh') refreshes++
            actor.send(event)
          },
          check: (s) => {
            // SPEC §8: every error that reached the fallback went to the console and to analytics, once.
            expect(log.logged).toBe(log.caught)
            expect(log.reported).toHaveLength(log.caught)
            expect(log.chunkChecks).toBe(log.caught)
            for (const r of log.reported) expect(r).toEqual({ error: boom, componentStack: '\n    at Page' })
            if (s.matches('normal')) expect(s.context.caught).toBeNull()
            else expect(s.context.caught?.error).toBe(boom)
            // Refresh reloads only from the fallback (it is the only place the button exists).
            expect(log.reloads).toBeLessThanOrEqual(refreshes)
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
    expect(result.defined).toHaveLength(4)
  })
})

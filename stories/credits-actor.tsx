/**
 * Story helper: a credits actor started from a saved state (`resolveState`), its listeners
 * stubbed and its loads pending, so a story shows exactly one state of the machine.
 */
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { CreditsSummary } from '../contract/workspaces.ts'
import { creditsMachine } from '../machines/credits/credits.machine.ts'

/**
 * `ready` with `summary`, `loading` before the first answer (summary null), or `ready` with a
 * null summary after a failed first load. `loads: 'failing'` makes every further load fail at
 * once (for the state a failed load leaves behind); `loads: 'answering'` answers every further
 * load at once with the same `summary` (a page that asks for fresh numbers on opening, and is back
 * in `ready` with them); by default they never answer.
 */
export function creditsActorIn(value: 'ready' | 'loading', summary: CreditsSummary | null, options: { loads?: 'pending' | 'failing' | 'answering' } = {}) {
  const machine = creditsMachine.provide({
    actors: {
      watchAuth: fromCallback(() => () => {}),
      focusListener: fromCallback(() => () => {}),
      loadCredits: fromPromise(() =>
        options.loads === 'failing'
          ? Promise.reject(new Error('Service unavailable'))
          : options.loads === 'answering' && summary
            ? Promise.resolve(summary)
            : new Promise<CreditsSummary>(() => {}),
      ),
    },
    // SPEC §8 logs failures; a story has nobody to tell.
    actions: { logFailure: () => {} },
  })
  const actor = createActor(machine, {
    snapshot: machine.resolveState({ value: value === 'ready' ? { ready: 'fresh' } : value, context: { orgId: 'o-acme', summary } }),
  })
  actor.start()
  return actor
}

/**
 * The overview machine's browser side (src/system/overview.ts): it follows the auth
 * actor it is given (the page's actor runs outside the root system), keeps the checklist's
 * dismissal per person and workspace, and refreshes on window focus.
 */
import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AuthSnapshotLike } from '../../machines/shared/follow-auth.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { acmeOverview, freshOverview } from '../../machines/overview/overview.fixtures.ts'
import { selectChecklistDismissed, selectTeam } from '../../machines/overview/overview.selectors.ts'
import { flush } from '../../machines/testing/stubs.ts'
import type { OverviewResponse } from '../../contract/overview.ts'
import { browserOverview, checklistDismissedKey } from './overview.ts'

const globex = { ...acme, org_id: 'o-globex', org_name: 'Globex' }

/** A stand-in for the auth actor: its snapshot is set by the test. */
function fakeAuth(initial: AuthSnapshotLike) {
  let snapshot = initial
  const observers = new Set<(s: AuthSnapshotLike) => void>()
  return {
    getSnapshot: () => snapshot,
    subscribe: (observer: (s: AuthSnapshotLike) => void) => {
      observers.add(observer)
      return { unsubscribe: () => observers.delete(observer) }
    },
    set(next: AuthSnapshotLike) {
      snapshot = next
      for (const o of observers) o(next)
    },
  }
}
const signedIn = (org: typeof acme): AuthSnapshotLike => ({ value: 'authenticated', context: { user: ada, currentOrg: org, orgId: org.org_id } })

function memoryStorage() {
  const map = new Map<string, string>()
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
}

function start(answers: Record<string, OverviewResponse>, storage = memoryStorage()) {
  const auth = fakeAuth(signedIn(acme))
  const calls: string[] = []
  const win = new EventTarget()
  const api = {
    overview: async () => {
      const orgId = auth.getSnapshot().context.orgId ?? ''
      calls.push(orgId)
      return answers[orgId]!
    },
  }
  const actor = createActor(browserOverview({ api, auth, storage, window: win })).start()
  return { actor, auth, calls, storage, win }
}

describe('overview (browser)', () => {
  it('Scenario: the page follows the workspace: a switch loads the new workspace’s facts', async () => {
    const { actor, auth, calls } = start({ 'o-acme': acmeOverview, 'o-globex': freshOverview })
    await flush()
    expect(selectTeam(actor.getSnapshot())).toEqual({ members: 2, pending_invites: 0 })
    // While the switch is verified nothing of Acme stays on screen.
    auth.set({ value: 'verifying', context: { user: ada, currentOrg: acme, orgId: 'o-globex' } })
    expect(selectTeam(actor.getSnapshot())).toBeNull()
    auth.set(signedIn(globex))
    await flush()
    expect(calls).toEqual(['o-acme', 'o-globex'])
    expect(selectTeam(actor.getSnapshot())).toEqual({ members: 1, pending_invites: 0 })
    actor.stop()
  })

  it('Scenario: Dismiss is remembered for this person in this workspace only', async () => {
    const storage = memoryStorage()
    const first = start({ 'o-acme': freshOverview, 'o-globex': freshOverview }, storage)
    await flush()
    first.actor.send({ type: 'overview.dismissChecklist' })
    expect(storage.map.get(checklistDismissedKey('u-ada', 'o-acme'))).toBe('1')
    first.actor.stop()

    // The next visit reads it back; another workspace is not dismissed.
    const again = start({ 'o-acme': freshOverview, 'o-globex': freshOverview }, storage)
    await flush()
    expect(selectChecklistDismissed(again.actor.getSnapshot())).toBe(true)
    again.auth.set(signedIn(globex))
    await flush()
    expect(selectChecklistDismissed(again.actor.getSnapshot())).toBe(false)
    again.actor.stop()
  })

  it('Scenario: coming back to the window loads the facts again', async () => {
    const { actor, calls, win } = start({ 'o-acme': freshOverview })
    await flush()
    win.dispatchEvent(new Event('focus'))
    await flush()
    expect(calls).toEqual(['o-acme', 'o-acme'])
    expect(actor.getSnapshot().value).toBe('ready')
    actor.stop()
  })
})

/**
 * The connectivity machine's browser side (src/system/connectivity.ts): the window's online and
 * offline events drive it; back online the session verified offline, the workspace list, the
 * permission sets and the credits are asked again.
 */
import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { browserConnectivity, pageConnectivity, refreshWhenBackOnline } from './connectivity.ts'

function setup(online: boolean, verifiedOffline: boolean) {
  const win = new EventTarget()
  const actor = createActor(browserConnectivity(win), { input: { online } }).start()
  const sent: string[] = []
  const target = (name: string) => ({ send: (e: { type: string }) => void sent.push(`${name} ${e.type}`) })
  const auth = { ...target('auth'), getSnapshot: () => ({ matches: (state: string) => state === 'authenticated' }) }
  const stop = refreshWhenBackOnline(actor, () => ({
    auth: verifiedOffline ? (auth as never) : null,
    workspaces: target('workspaces'),
    permissions: target('permissions'),
    credits: target('credits'),
  }))
  return { win, actor, sent, stop }
}

describe('connectivity (browser side)', () => {
  it('Scenario: the window going offline and online moves the actor; back online the shell’s data is asked again', () => {
    const t = setup(true, true)
    t.win.dispatchEvent(new Event('offline'))
    expect(t.actor.getSnapshot().value).toBe('offline')
    expect(t.sent).toEqual([])
    t.win.dispatchEvent(new Event('online'))
    expect(t.actor.getSnapshot().value).toBe('online')
    expect(t.sent).toEqual(['auth auth.verify', 'workspaces workspaces.invalidate', 'permissions permissions.refetch', 'credits credits.refetch'])
  })

  it('Scenario: a session verified by the server is not verified again; after the stop nothing is sent', () => {
    const t = setup(false, false)
    t.win.dispatchEvent(new Event('online'))
    expect(t.sent).not.toContain('auth auth.verify')
    expect(t.sent).toHaveLength(3)
    t.stop()
    t.win.dispatchEvent(new Event('offline'))
    t.win.dispatchEvent(new Event('online'))
    expect(t.sent).toHaveLength(3)
  })

  it('Scenario: without a window the page’s actor is online and stays so', () => {
    expect(pageConnectivity().getSnapshot().value).toBe('online')
    expect(pageConnectivity()).toBe(pageConnectivity())
  })
})

import { describe, expect, it } from 'vitest'
import type { Observer, Subscribable } from 'xstate'
import type { AuthSnapshot } from '../../machines/auth/auth.selectors.ts'
import { SIGNED_IN_LANDING } from '../navigation/paths.ts'
import { preloadLandingOnSignIn } from './bindings.ts'

/** An auth actor stand-in: snapshots in the given states, sent by hand. */
function fakeAuth() {
  const observers = new Set<Observer<AuthSnapshot>>()
  const auth: Subscribable<AuthSnapshot> = {
    subscribe: (observer) => {
      const o = (typeof observer === 'function' ? { next: observer } : observer) as Observer<AuthSnapshot>
      observers.add(o)
      return { unsubscribe: () => observers.delete(o) }
    },
  }
  const emit = (state: string, redirect: string | null = null) => {
    const snapshot = { matches: (value: string) => value === state, context: { redirect } } as unknown as AuthSnapshot
    for (const o of observers) o.next?.(snapshot)
  }
  return { auth, emit }
}

describe('preloadLandingOnSignIn', () => {
  it('preloads the landing page once, when a sign-in starts, and not before', () => {
    const { auth, emit } = fakeAuth()
    const preloaded: string[] = []
    preloadLandingOnSignIn(auth, (pathname) => preloaded.push(pathname))
    emit('unauthenticated')
    expect(preloaded).toEqual([])
    emit('signingIn')
    emit('verifying')
    emit('signingIn')
    expect(preloaded).toEqual([SIGNED_IN_LANDING])
  })

  it('preloads the redirect a sign-up carries, without its query', () => {
    const { auth, emit } = fakeAuth()
    const preloaded: string[] = []
    preloadLandingOnSignIn(auth, (pathname) => preloaded.push(pathname))
    emit('signingUp', '/app/billing?tab=usage#top')
    expect(preloaded).toEqual(['/app/billing'])
  })

  it('stops when unsubscribed', () => {
    const { auth, emit } = fakeAuth()
    const preloaded: string[] = []
    preloadLandingOnSignIn(auth, (pathname) => preloaded.push(pathname))()
    emit('signingIn')
    expect(preloaded).toEqual([])
  })
})

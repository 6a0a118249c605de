import { describe, expect, it } from 'vitest'
import { LINK_PREFETCH_MARGIN_PX, LINK_PREFETCH_ROOT_MARGIN, observeLinkPrefetch, prefetchTarget, type PrefetchEnvironment } from './prefetch.ts'

const ORIGIN = 'https://engage.test'

/** A minimal element: attributes, children, matches('a[href]') and querySelectorAll('a[href]'). */
class FakeElement {
  readonly children: FakeElement[] = []
  constructor(
    readonly tagName: string,
    readonly attrs: Record<string, string> = {},
  ) {}
  getAttribute(name: string) {
    return this.attrs[name] ?? null
  }
  hasAttribute(name: string) {
    return name in this.attrs
  }
  matches(selector: string) {
    return selector === 'a[href]' && this.tagName === 'A' && 'href' in this.attrs
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.children.flatMap((c) => [...(c.matches(selector) ? [c] : []), ...c.querySelectorAll(selector)])
  }
  append(child: FakeElement) {
    this.children.push(child)
    return child
  }
}
const link = (href: string, extra: Record<string, string> = {}) => new FakeElement('A', { href, ...extra })

function fakeEnvironment() {
  const state = {
    rootMargin: '' as string | undefined,
    observed: new Set<unknown>(),
    intersect: (_targets: unknown[]) => {},
    addNodes: (_nodes: unknown[]) => {},
    disconnected: 0,
  }
  class FakeIO {
    constructor(callback: (entries: Array<{ target: unknown; isIntersecting: boolean }>) => void, options?: { rootMargin?: string }) {
      state.rootMargin = options?.rootMargin
      state.intersect = (targets) => callback(targets.map((target) => ({ target, isIntersecting: true })))
    }
    observe(t: unknown) {
      state.observed.add(t)
    }
    unobserve(t: unknown) {
      state.observed.delete(t)
    }
    disconnect() {
      state.disconnected++
      state.observed.clear()
    }
  }
  class FakeMO {
    constructor(callback: (records: Array<{ addedNodes: unknown[] }>) => void) {
      state.addNodes = (nodes) => callback([{ addedNodes: nodes }])
    }
    observe() {}
    disconnect() {
      state.disconnected++
    }
  }
  const env = { IntersectionObserver: FakeIO, MutationObserver: FakeMO, origin: ORIGIN } as unknown as PrefetchEnvironment
  return { env, state }
}

describe('link prefetch (SPEC §9: margin 200 px)', () => {
  it('uses a 200 px root margin', () => {
    expect(LINK_PREFETCH_MARGIN_PX).toBe(200)
    expect(LINK_PREFETCH_ROOT_MARGIN).toBe('200px')
    const { env, state } = fakeEnvironment()
    observeLinkPrefetch(new FakeElement('BODY') as unknown as Element, () => {}, env)
    expect(state.rootMargin).toBe('200px')
  })

  it('prefetches only same-origin app pages opened in this tab', () => {
    expect(prefetchTarget(link('/app/contacts?tab=1'), ORIGIN)).toBe('/app/contacts?tab=1')
    expect(prefetchTarget(link(`${ORIGIN}/app/billing`), ORIGIN)).toBe('/app/billing')
    expect(prefetchTarget(link('https://docs.example.com/guide'), ORIGIN)).toBeNull()
    expect(prefetchTarget(link('/app/reports', { target: '_blank' }), ORIGIN)).toBeNull()
    expect(prefetchTarget(link('/export.csv', { download: '' }), ORIGIN)).toBeNull()
    expect(prefetchTarget(link('/api/users/me'), ORIGIN)).toBeNull()
    expect(prefetchTarget(link('/app/signout'), ORIGIN)).toBeNull()
    expect(prefetchTarget(link('#top'), ORIGIN)).toBeNull()
    expect(prefetchTarget(link('javascript:alert(1)'), ORIGIN)).toBeNull()
  })

  it('preloads each path once when its link comes near the viewport, including links added later; cleanup stops it', () => {
    const { env, state } = fakeEnvironment()
    const root = new FakeElement('BODY')
    const nav = root.append(new FakeElement('NAV'))
    const contacts = nav.append(link('/app/contacts'))
    const external = nav.append(link('https://docs.example.com'))
    const preloaded: string[] = []
    const stop = observeLinkPrefetch(root as unknown as Element, (p) => preloaded.push(p), env)
    expect(state.observed.has(contacts)).toBe(true)
    expect(state.observed.has(external)).toBe(false)
    expect(preloaded).toEqual([])

    state.intersect([contacts])
    expect(preloaded).toEqual(['/app/contacts'])

    const later = link('/app/billing')
    const again = link('/app/contacts')
    state.addNodes([later, again])
    state.intersect([later, again])
    expect(preloaded).toEqual(['/app/contacts', '/app/billing'])

    stop()
    expect(state.disconnected).toBe(2)
  })

  it('with a scheduler, the preload waits for it (the app runs it when the browser is idle)', () => {
    const { env, state } = fakeEnvironment()
    const queued: Array<() => void> = []
    const root = new FakeElement('BODY')
    const billing = root.append(link('/app/billing'))
    const preloaded: string[] = []
    observeLinkPrefetch(root as unknown as Element, (p) => preloaded.push(p), { ...env, schedule: (run) => queued.push(run) })
    state.intersect([billing])
    expect(preloaded).toEqual([])
    queued.forEach((run) => run())
    expect(preloaded).toEqual(['/app/billing'])
  })
})

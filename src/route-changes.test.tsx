// @vitest-environment jsdom
import { RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { bindRouteChanges, type RouteChange } from './routes/bindings.ts'
import type { AppRouter } from './routes/tree.tsx'

afterEach(cleanup)

function router() {
  const root = createRootRoute()
  const tree = root.addChildren(['/app/dashboard', '/app/setting/profile-settings'].map((path) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> })))
  return createRouter({ routeTree: tree, history: createMemoryHistory({ initialEntries: ['/app/dashboard'] }) }) as unknown as AppRouter
}

describe('bindRouteChanges (SPEC §4 version check after a route change, §7 page views)', () => {
  it('reports the first page and every path change, not search-only changes', async () => {
    const r = router()
    const seen: RouteChange[] = []
    const stop = bindRouteChanges(r, (change) => void seen.push(change))
    render(<RouterProvider router={r} />)
    await waitFor(() => expect(seen).toHaveLength(1))
    const go = async (href: string) => {
      await act(() => r.navigate({ href }))
      await waitFor(() => expect(r.state.status).toBe('idle'))
    }
    await go('/app/setting/profile-settings')
    await go('/app/setting/profile-settings?tab=notification-settings')
    await go('/app/dashboard')
    stop()
    await go('/app/setting/profile-settings')
    expect(seen).toEqual([
      { pathname: '/app/dashboard', initial: true },
      { pathname: '/app/setting/profile-settings', initial: false },
      { pathname: '/app/dashboard', initial: false },
    ])
  })
})

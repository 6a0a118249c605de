// @vitest-environment jsdom
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useState } from 'react'
import { useAfterFirstPage, useSplashShown } from './idle.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The root layout of both tests: says whether the parts after the first page may load. */
function Root() {
  const ready = useAfterFirstPage()
  return (
    <>
      <p>{ready ? 'after the first page' : 'first page pending'}</p>
      <Outlet />
    </>
  )
}

describe('useAfterFirstPage (parts nobody needs first load after the page)', () => {
  it('is false while the first page is pending (a guard waiting), true once it resolved and the browser was idle', async () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    let release!: () => void
    const guard = new Promise<void>((resolve) => (release = resolve))
    const root = createRootRoute({ component: Root })
    const page = createRoute({
      getParentRoute: () => root,
      path: '/app/dashboard',
      beforeLoad: () => guard,
      pendingComponent: () => <p>Loading</p>,
      pendingMs: 0,
      component: () => <h1>Dashboard</h1>,
    })
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/app/dashboard'] }) })
    render(<RouterProvider router={router} />)

    expect(await screen.findByText('first page pending')).toBeTruthy()
    expect(idle).toHaveLength(0)
    release()
    await screen.findByRole('heading', { name: 'Dashboard' })
    await vi.waitFor(() => expect(idle).toHaveLength(1))
    expect(screen.getByText('first page pending')).toBeTruthy()
    // The browser is idle: the part may load.
    await vi.waitFor(() => {
      idle.splice(0).forEach((run) => run())
      expect(screen.getByText('after the first page')).toBeTruthy()
    })
    // Later navigations schedule nothing more.
    await router.navigate({ href: '/app/dashboard?again=1' })
    expect(idle).toHaveLength(0)
  })

  it('waits, after the page resolved, until no splash is on screen (a gate deciding), then for the idle browser', async () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    let decide!: () => void
    function FakeSplash() {
      useSplashShown()
      return <p>Loading Engage</p>
    }
    function GatedPage() {
      const [decided, setDecided] = useState(false)
      decide = () => setDecided(true)
      return decided ? <h1>Sign in</h1> : <FakeSplash />
    }
    const root = createRootRoute({ component: Root })
    const page = createRoute({ getParentRoute: () => root, path: '/signin', component: GatedPage })
    const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/signin'] }) })
    render(<RouterProvider router={router} />)

    expect(await screen.findByText('Loading Engage')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 20))
    // Resolved, but the gate's splash is up: nothing is scheduled.
    expect(idle).toHaveLength(0)
    expect(screen.getByText('first page pending')).toBeTruthy()
    act(() => decide())
    await screen.findByRole('heading', { name: 'Sign in' })
    await vi.waitFor(() => {
      idle.splice(0).forEach((run) => run())
      expect(screen.getByText('after the first page')).toBeTruthy()
    })
  })
})

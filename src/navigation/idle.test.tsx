// @vitest-environment jsdom
import { Outlet, RouterProvider, createMemoryHistory, createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAfterFirstPage } from './idle.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('useAfterFirstPage (parts nobody needs first load after the page)', () => {
  it('is false while the first page is pending (a guard waiting), true once it resolved and the browser was idle', async () => {
    const idle: Array<() => void> = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    let release!: () => void
    const guard = new Promise<void>((resolve) => (release = resolve))
    function Root() {
      const ready = useAfterFirstPage()
      return (
        <>
          <p>{ready ? 'after the first page' : 'first page pending'}</p>
          <Outlet />
        </>
      )
    }
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
})

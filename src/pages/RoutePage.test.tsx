// @vitest-environment jsdom
/** The page of a route not built yet is an honest 'Soon' page with no dead button. */
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ROUTE_PURPOSES } from '../navigation/purposes.ts'
import { APP_ROUTES, routeFor } from '../navigation/routes.ts'
import { PermissionsActorProvider } from '../system/react.tsx'
import { readyPermissions } from './settings/testing.tsx'
import { RoutePage } from './RoutePage.tsx'

afterEach(cleanup)

function renderRoute(path: string, refs: ReadonlyArray<string> = ['SUPER_ADMIN']) {
  const route = routeFor(path)
  if (!route) throw new Error(`no route for ${path}`)
  return render(
    <PermissionsActorProvider actor={readyPermissions(refs)}>
      <RoutePage route={route} />
    </PermissionsActorProvider>,
  )
}

describe('RoutePage', () => {
  it('keeps the spec title and breadcrumb, says what will live there and that it is coming soon, and offers links, not buttons', () => {
    const { container } = renderRoute('/app/contacts')
    expect(screen.getByRole('heading', { level: 1, name: 'All Contacts (Agent)' })).toBeTruthy()
    expect(within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getByText('Contacts')).toBeTruthy()
    expect(screen.getByRole('heading', { level: 2, name: 'Coming soon' })).toBeTruthy()
    expect(screen.getByText('Every contact your AI agents have talked to, with their latest conversation.')).toBeTruthy()
    expect(screen.queryAllByRole('button')).toEqual([])
    expect(screen.getByRole('link', { name: 'Go to Overview' }).getAttribute('href')).toBe('/app/dashboard')
    expect(screen.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe('/app/notification-settings')
    expect(container.textContent).not.toContain('Add contact')
  })

  it('shows no button on any page not built yet', () => {
    for (const route of APP_ROUTES.filter((r) => !r.built)) {
      renderRoute(route.pattern.replace('*', '7'))
      expect(screen.queryAllByRole('button'), route.pattern).toEqual([])
      cleanup()
    }
  })

  it('has a purpose only for routes of the table not built yet, and says something for every such route', () => {
    const unbuilt = new Set(APP_ROUTES.filter((r) => !r.built).map((r) => r.pattern))
    expect(Object.keys(ROUTE_PURPOSES).filter((pattern) => !unbuilt.has(pattern))).toEqual([])
    renderRoute('/app/company')
    expect(screen.getByText('Your company profile as your agents present it.')).toBeTruthy()
    cleanup()
    const without = APP_ROUTES.find((r) => !r.built && ROUTE_PURPOSES[r.pattern] === undefined)
    if (without) {
      renderRoute(without.pattern.replace('*', '7'))
      expect(screen.getByText(`${without.title} will live here.`)).toBeTruthy()
    }
  })

  it('offers only the links the member may open', () => {
    renderRoute('/app/contacts', [])
    expect(screen.queryAllByRole('link')).toEqual([])
  })
})

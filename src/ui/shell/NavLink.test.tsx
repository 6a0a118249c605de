// @vitest-environment jsdom
/**
 * NavLink: a native anchor that opens this app's paths through the router after
 * `onNavigate`, and leaves everything else (another site, a modified click) to the browser.
 */
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NavLink } from './NavLink.tsx'

afterEach(cleanup)

function setup(href: string, withRouter = true) {
  const router = createRouter({ routeTree: createRootRoute(), history: createMemoryHistory({ initialEntries: ['/app/dashboard'] }) })
  const navigate = vi.spyOn(router, 'navigate').mockResolvedValue(undefined)
  const onNavigate = vi.fn()
  const onOpen = vi.fn()
  const link = <NavLink href={href} onNavigate={onNavigate} onOpen={onOpen} aria-current="page">Go</NavLink>
  render(withRouter ? <RouterContextProvider router={router}>{link}</RouterContextProvider> : link)
  const anchor = screen.getByRole('link', { name: 'Go' })
  /** Clicks like a person would; answers whether the browser was left to follow the link. */
  const click = (init: MouseEventInit = {}) => fireEvent.click(anchor, { button: 0, ...init })
  return { anchor, navigate, onNavigate, onOpen, click }
}

describe('NavLink', () => {
  it('Scenario: a plain click on a path of the app runs onNavigate and opens it through the router, not the browser', () => {
    const { anchor, navigate, onNavigate, click } = setup('/app/contacts')
    expect(anchor.getAttribute('href')).toBe('/app/contacts')
    expect(anchor.getAttribute('aria-current')).toBe('page')
    expect(click()).toBe(false)
    expect(onNavigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith({ href: '/app/contacts' })
  })

  it('Scenario: another site’s URL runs onNavigate and is left to the browser', () => {
    const { navigate, onNavigate, click } = setup('https://docs.example.com/guide')
    expect(click()).toBe(true)
    expect(onNavigate).toHaveBeenCalledTimes(1)
    expect(navigate).not.toHaveBeenCalled()
  })

  it('Scenario: Ctrl, Cmd, Shift or Alt, or another button, leaves the click to the browser and runs nothing', () => {
    const { navigate, onNavigate, click } = setup('/app/contacts')
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) expect(click(init)).toBe(true)
    expect(onNavigate).not.toHaveBeenCalled()
    expect(navigate).not.toHaveBeenCalled()
  })

  it('Scenario: a plain, modified or middle click runs onOpen once each: the link is followed wherever it opens', () => {
    const { anchor, onOpen, click } = setup('/app/contacts')
    click()
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }]) click(init)
    fireEvent(anchor, new MouseEvent('auxclick', { bubbles: true, button: 1 }))
    expect(onOpen).toHaveBeenCalledTimes(5)
  })

  it('Scenario: outside a router (stories) the browser follows it', () => {
    const { onNavigate, click } = setup('/app/contacts', false)
    expect(click()).toBe(true)
    expect(onNavigate).toHaveBeenCalledTimes(1)
  })
})

// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PUBLIC_PAGES, PublicPage, type PublicPageKey } from './PublicPage.tsx'
import { SharePage } from './SharePage.tsx'

afterEach(cleanup)

describe('pages outside /app (SPEC §2.1, §2.5)', () => {
  it('has a page for every general route outside /app and for the channel sign-in returns', () => {
    const keys = Object.keys(PUBLIC_PAGES)
    for (const path of ['/signin-error', '/enable-bug-report', '/link-expired', '/window-splash', '/404', '/sso/callback', '/auth-callback']) {
      expect(keys).toContain(path)
    }
    for (const path of ['/', '/pricing', '/tools', '/joinus', '/book-a-call', '/share', '/terms-of-service', '/privacy-policy', '/refund-policy']) {
      expect(keys).toContain(path)
    }
  })

  it.each(Object.keys(PUBLIC_PAGES) as PublicPageKey[])('%s renders its title as the page heading, with a way to sign in', (key) => {
    render(<PublicPage pageKey={key} />)
    expect(screen.getByRole('heading', { level: 1, name: PUBLIC_PAGES[key].title })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
  })

  it('a /share/ page shows its own title; an unknown one the generic shared page', () => {
    render(<SharePage pathname="/share/event-registration/42" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Event registration' })).toBeTruthy()
    cleanup()
    render(<SharePage pathname="/share/other/42" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Shared with you' })).toBeTruthy()
  })
})

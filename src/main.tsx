/**
 * Browser entry: storage, the root actor system, the router, and the theme. Everything the
 * first render depends on (theme, session, the sidebar's saved state and the viewport width)
 * is read here, before it, so nothing flashes.
 */
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { documentCookies } from './platform/cookies.ts'
import { createSessionStore } from './platform/session-storage.ts'
import { bindRouterToAuth, createAppRouter, type AppRouter } from './router.tsx'
import { createAppSystem } from './system/app-system.ts'
import { AuthActorProvider, SidebarActorProvider } from './system/react.tsx'
import { readSidebarExpanded } from './ui/shell/sidebar-cookie.ts'
import { themes, type ThemeName } from './ui/theme.css.ts'

function pickTheme(): ThemeName {
  const stored = (() => {
    try {
      return localStorage.getItem('theme')
    } catch {
      return null
    }
  })()
  if (stored === 'light' || stored === 'dark') return stored
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
}
document.documentElement.classList.add(themes[pickTheme()])

const apiBaseUrl = new URL(import.meta.env.VITE_API_BASE_URL ?? '/api', window.location.origin).href.replace(/\/$/, '')

const cookies = documentCookies()
let router: AppRouter | undefined
const system = createAppSystem({
  store: createSessionStore(cookies, window.localStorage),
  apiBaseUrl,
  navigate: (to) => void router?.navigate({ href: to }),
  // SPEC §2.6: the saved sidebar state and the layout for this width, before the first render.
  sidebar: { expanded: readSidebarExpanded(cookies), width: window.innerWidth },
  window,
  cookies,
})
router = createAppRouter(system)
bindRouterToAuth(router, system)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthActorProvider actor={system.auth}>
      <SidebarActorProvider actor={system.sidebar}>
        <RouterProvider router={router} />
      </SidebarActorProvider>
    </AuthActorProvider>
  </StrictMode>,
)

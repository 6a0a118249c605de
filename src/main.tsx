/**
 * Browser entry: storage, the root actor system, the router, and the theme.
 */
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { documentCookies } from './platform/cookies.ts'
import { createSessionStore } from './platform/session-storage.ts'
import { bindRouterToAuth, createAppRouter, type AppRouter } from './router.tsx'
import { createAppSystem } from './system/app-system.ts'
import { AuthActorProvider } from './system/react.tsx'
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

let router: AppRouter | undefined
const system = createAppSystem({
  store: createSessionStore(documentCookies(), window.localStorage),
  apiBaseUrl,
  navigate: (to) => void router?.navigate({ href: to }),
})
router = createAppRouter(system)
bindRouterToAuth(router, system)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthActorProvider actor={system.auth}>
      <RouterProvider router={router} />
    </AuthActorProvider>
  </StrictMode>,
)

/**
 * Browser entry: storage, the root actor system, the router, the theme and the language.
 * Everything the first render depends on (theme, language, session, the sidebar's saved state and
 * the viewport width) is read here, before it, so nothing flashes: a language other than English
 * has its catalogue fetched first.
 */
import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { documentCookies } from './platform/cookies.ts'
import { createSessionStore } from './platform/session-storage.ts'
import { bindRouteChanges, bindRouterToAuth, preloadLandingOnSignIn, preloadRouteChunks } from './routes/bindings.ts'
import { createAppRouter, type AppRouter } from './routes/tree.tsx'
import { createAppSystem } from './system/app-system.ts'
import { installChunkReloadGuard } from './system/chunk-reload.ts'
import { openPaletteFromAddress } from './system/commandPalette-keys.ts'
import { deferredAnalytics, noAnalytics } from './analytics/port.ts'
import { whenIdle } from './navigation/idle.ts'
import { identifyOnSignIn } from './system/analytics.ts'
import { ErrorBoundary } from './ui/ErrorFallback.tsx'
import { ErrorReportingProvider } from './system/errorBoundary.tsx'
import { AuthActorProvider, SidebarActorProvider } from './system/react.tsx'
import { readSidebarExpanded } from './platform/sidebar-cookie.ts'
import { startTheme } from './platform/theme.ts'
import { themes } from './ui/theme.css.ts'
import { ThemeProvider } from './system/theme.tsx'
import { PersonLanguageProvider } from './system/language-provider.tsx'
import { loadLanguage, ENGLISH, type LoadedLanguage } from './i18n/catalogue.ts'
import { showLocale, startingLocale } from './platform/language.ts'

// The stored theme (light, dark or system) before the first render, and live afterwards.
const theme = startTheme(window, themes)

// The stored language, else the browser's (the pseudo-locale only on the development server).
const locale = startingLocale(window.localStorage, navigator.languages ?? [navigator.language], import.meta.env.DEV)
showLocale(document, locale)
const initialLanguage: LoadedLanguage = locale === 'en' ? ENGLISH : await loadLanguage(locale).catch(() => (showLocale(document, 'en'), ENGLISH))

const apiBaseUrl = new URL(import.meta.env.VITE_API_BASE_URL ?? '/api', window.location.origin).href.replace(/\/$/, '')

/** The running build's version (written by the build, vite.config.ts); unknown on the dev server. */
const buildVersion = import.meta.env.VITE_APP_VERSION ?? null
// SPEC §4: a chunk lost to a deploy reloads the page once, never in a loop.
const chunkGuard = installChunkReloadGuard(window, buildVersion)

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
  buildVersion,
  language: { initial: initialLanguage, load: loadLanguage },
})
// The installed app's 'Command palette' shortcut (public/manifest.webmanifest) arrives with `?palette`.
openPaletteFromAddress(window, system.paletteKeys)
router = createAppRouter(system)
// The page's code loads while the session is checked, not after.
preloadRouteChunks(router, window.location.pathname)
// And the page a sign-in lands on loads while the password is checked.
preloadLandingOnSignIn(system.auth, (pathname) => preloadRouteChunks(router, pathname))
bindRouterToAuth(router, system)
// SPEC §7: analytics services run only when configured (VITE_ variables); none by default.
// Their adapters load once the page is idle, off the first load's path; what happens before is replayed to them.
// The build's flag (vite.config.ts `analyticsFlag`) lets it leave all of this out when none is.
const analytics = import.meta.env.ANALYTICS_CONFIGURED
  ? deferredAnalytics(
      new Promise<void>((resolve) => whenIdle(resolve))
        .then(() => import('./analytics/adapters.ts'))
        .then(({ analyticsFromEnv }) =>
          analyticsFromEnv(import.meta.env, { window: window as Parameters<typeof analyticsFromEnv>[1]['window'], document, fetch: window.fetch.bind(window) }),
        ),
    )
  : noAnalytics
identifyOnSignIn(system.auth, analytics)
// SPEC §4 Version check: 1 s after a route change; SPEC §7: a page view per route.
bindRouteChanges(router, ({ pathname, initial }) => {
  // Before the check has started (the first page) there is nothing to tell: it checks when it starts.
  if (!initial) system.versionCheck.current()?.send({ type: 'version.routeChanged' })
  analytics.pageView(pathname)
})

// Development only (docs/machines/README.md): the statechart inspector, Alt+Shift+I or ?inspect.
// `import.meta.env.DEV` is false in `vite build`, so Rollup drops this import and src/dev/ entirely.
if (import.meta.env.DEV) void import('./dev/install.ts').then((dev) => dev.installDevTools(system, window))

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AuthActorProvider actor={system.auth}>
      <SidebarActorProvider actor={system.sidebar}>
        <ErrorReportingProvider value={{ analytics, reloadForChunkError: chunkGuard.reloadForChunkError, reloadPage: () => window.location.reload() }}>
          <ThemeProvider controller={theme}>
            <PersonLanguageProvider actor={system.language}>
              <ErrorBoundary>
                <RouterProvider router={router} />
              </ErrorBoundary>
            </PersonLanguageProvider>
          </ThemeProvider>
        </ErrorReportingProvider>
      </SidebarActorProvider>
    </AuthActorProvider>
  </StrictMode>,
)

/**
 * The OpenAPI viewer of the API reference tab: Scalar (`@scalar/api-reference`, docs/decisions.md)
 * mounted into a `div`. This module and the viewer's code and styles load only when the tab opens
 * (ApiReferenceTab imports it with `import()`), so no other page carries a byte of it.
 *
 * Set up to reach nothing but this origin: no web fonts (`withDefaultFonts: false`; the app's own
 * font stack), no telemetry, no AI agent, no developer toolbar, and no 'Test request' client (it
 * would send requests through Scalar's proxy). Its colours are the app's theme variables, and its
 * dark mode follows the app's theme (`dark`), with its own toggle hidden.
 */
import { createApiReference } from '@scalar/api-reference'
import '@scalar/api-reference/style.css'
import { useEffect, useRef } from 'react'
import { vars } from '../../ui/theme.css.ts'
import * as css from './ApiReference.css.ts'

/** The viewer's colour variables as the app's theme variables: one mapping for light and dark. */
const scalarThemeCss = `
.scalar-app, .scalar-api-reference {
  --scalar-font: ${vars.font.body};
  --scalar-background-1: ${vars.color.surface};
  --scalar-background-2: ${vars.color.background};
  --scalar-background-3: ${vars.color.background};
  --scalar-background-accent: ${vars.color.background};
  --scalar-color-1: ${vars.color.text};
  --scalar-color-2: ${vars.color.textMuted};
  --scalar-color-3: ${vars.color.textMuted};
  --scalar-color-accent: ${vars.color.primary};
  --scalar-border-color: ${vars.color.border};
  --scalar-color-red: ${vars.color.danger};
  --scalar-color-green: ${vars.color.success};
  --scalar-radius: ${vars.radius.sm};
  --scalar-radius-lg: ${vars.radius.md};
  --scalar-sidebar-background-1: ${vars.color.background};
  --scalar-sidebar-color-1: ${vars.color.text};
  --scalar-sidebar-color-2: ${vars.color.textMuted};
  --scalar-sidebar-border-color: ${vars.color.border};
  --scalar-sidebar-item-hover-background: ${vars.color.surface};
  --scalar-sidebar-item-active-background: ${vars.color.surface};
  --scalar-sidebar-color-active: ${vars.color.primary};
  --scalar-sidebar-search-background: ${vars.color.surface};
  --scalar-sidebar-search-border-color: ${vars.color.border};
  --scalar-sidebar-search-color: ${vars.color.textMuted};
  --scalar-custom-header-height: 0px;
}`

/** The viewer's configuration for `document` (an OpenAPI object) in the app's `dark` or light theme. */
function configuration(document: object, dark: boolean) {
  return {
    content: document,
    theme: 'none' as const,
    customCss: scalarThemeCss,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: 'never' as const,
    hideClientButton: true,
    hideTestRequestButton: true,
    hideDarkModeToggle: true,
    forceDarkModeState: dark ? ('dark' as const) : ('light' as const),
    darkMode: dark,
    documentDownloadType: 'none' as const,
    persistAuth: false,
    _integration: 'react' as const,
  }
}

export interface ApiReferenceViewerProps {
  /** The OpenAPI document, as `/api/openapi.json` answers it. */
  readonly document: object
  /** The app's theme is dark. */
  readonly dark: boolean
}

/** Scalar's reference of `document`, for as long as the component is mounted. */
export function ApiReferenceViewer({ document, dark }: ApiReferenceViewerProps) {
  const host = useRef<HTMLDivElement>(null)
  const instance = useRef<ReturnType<typeof createApiReference> | null>(null)
  const darkNow = useRef(dark)
  darkNow.current = dark
  useEffect(() => {
    if (host.current === null) return
    const reference = createApiReference(host.current, configuration(document, darkNow.current))
    instance.current = reference
    return () => {
      instance.current = null
      reference.destroy()
      // The viewer marks <body> with its colour mode; the rest of the app reads the theme class on <html>.
      window.document.body.classList.remove('light-mode', 'dark-mode')
    }
  }, [document])
  useEffect(() => {
    instance.current?.updateConfiguration(configuration(document, dark))
  }, [document, dark])
  return <div ref={host} className={css.viewer} />
}

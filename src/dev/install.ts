/**
 * Development only: installs the statechart tooling on the running app (docs/machines/README.md).
 * Loaded by src/main.tsx behind `import.meta.env.DEV` with a dynamic import, so production builds
 * contain none of it.
 *
 * - Alt+Shift+I, or `?inspect` in the URL: the in-app inspector panel (src/dev/Inspector.tsx).
 * - `?inspect=stately`, or VITE_STATELY_INSPECT=1: every actor of the root system streams to
 *   Stately's inspector through the local WebSocket relay (`npm run inspect:stately`,
 *   ws://localhost:8080 or VITE_STATELY_INSPECT_URL).
 */
import type { AnyActorRef } from 'xstate'
import { createInspectionHub, redact, type InspectionHub } from './inspection.ts'

/** The shortcut: Alt+Shift+I (Ctrl+Shift+I belongs to the browser's DevTools). */
export const isInspectorShortcut = (e: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>) =>
  e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyI'

/** What `?inspect…` asks for: the panel, Stately's inspector, or nothing. */
export function inspectRequest(search: string, env: { readonly VITE_STATELY_INSPECT?: string }): { panel: boolean; stately: boolean } {
  const params = new URLSearchParams(search)
  const value = params.get('inspect')
  return { panel: value !== null && value !== 'stately', stately: value === 'stately' || env.VITE_STATELY_INSPECT === '1' }
}

/** Installs the shortcut and honours `?inspect`; returns an uninstaller. */
export function installDevTools(system: { readonly root: AnyActorRef }, win: Window): () => void {
  let hub: InspectionHub | undefined
  let unmount: (() => void) | undefined
  const env = import.meta.env as { VITE_STATELY_INSPECT?: string; VITE_STATELY_INSPECT_URL?: string }

  const open = async () => {
    if (unmount) return
    hub ??= createInspectionHub(system.root)
    const [{ createRoot }, { createElement }, { Inspector }] = await Promise.all([import('react-dom/client'), import('react'), import('./Inspector.tsx')])
    const host = win.document.createElement('div')
    host.setAttribute('data-engage-inspector-host', '')
    win.document.body.append(host)
    const root = createRoot(host)
    unmount = () => {
      root.unmount()
      host.remove()
      unmount = undefined
    }
    root.render(createElement(Inspector, { hub, onClose: () => unmount?.() }))
  }
  const toggle = () => (unmount ? unmount() : void open())
  const onKey = (e: KeyboardEvent) => {
    if (!isInspectorShortcut(e)) return
    e.preventDefault()
    toggle()
  }
  win.addEventListener('keydown', onKey)

  const request = inspectRequest(win.location.search, env)
  if (request.panel) void open()
  let stopStately: (() => void) | undefined
  if (request.stately) {
    void connectStately(system.root, env.VITE_STATELY_INSPECT_URL ?? 'ws://localhost:8080').then((stop) => (stopStately = stop))
  }

  return () => {
    win.removeEventListener('keydown', onKey)
    unmount?.()
    hub?.stop()
    stopStately?.()
  }
}

/** Streams the system to Stately's inspector over the local WebSocket relay; returns a stopper. */
async function connectStately(root: AnyActorRef, url: string): Promise<() => void> {
  const { createWebSocketInspector } = await import('@statelyai/inspect')
  const inspector = createWebSocketInspector({
    url,
    sanitizeContext: (context) => redact(context) as typeof context,
    sanitizeEvent: (event) => redact(event) as typeof event,
  })
  // The actors already running were announced before the inspector existed: announce them now.
  const announce = (ref: AnyActorRef) => {
    const logic = (ref as { logic?: { toJSON?: () => unknown } }).logic ?? {}
    const parent = (ref as { _parent?: AnyActorRef })._parent
    inspector.actor(ref, ref.getSnapshot(), {
      ...(logic.toJSON ? { definition: JSON.stringify(logic.toJSON()) } : {}),
      ...(parent ? { parentId: parent.sessionId } : {}),
      rootId: root.sessionId,
    })
    const children = (ref.getSnapshot() as { children?: Record<string, AnyActorRef | undefined> }).children ?? {}
    for (const child of Object.values(children)) if (child) announce(child)
  }
  announce(root)
  const subscription = root.system.inspect(inspector.inspect)
  console.info(`[engage] streaming the actor system to Stately's inspector via ${url} (npm run inspect:stately)`)
  return () => {
    subscription.unsubscribe()
    inspector.stop()
  }
}

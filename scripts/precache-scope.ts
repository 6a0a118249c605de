/**
 * Which built files the service worker precaches (src/sw/sw.ts, the offline app shell):
 * the app's own files, not the API reference viewer's.
 *
 * The Developers page's API reference (src/pages/developers/ApiReferenceViewer.tsx, Scalar and
 * Vue) is loaded by `import()` there only and is about half of the build's bytes; it needs the
 * network (it reads /api/openapi.json) and is not part of the shell. {@link precacheScope} walks
 * the bundle from its entries through static and dynamic imports, stopping at the viewer, and
 * keeps what it reached with the CSS and assets those chunks import; {@link keepInPrecache}
 * filters workbox's manifest with it. Files outside /assets (index.html, icons) are always kept.
 */
import type { Plugin, Rollup } from 'vite'

/** The lazily loaded module whose chunks stay out of the precache. */
export const NOT_PRECACHED_ENTRY = '/src/pages/developers/ApiReferenceViewer.tsx'

/** The files of the last build the walk reached (paths relative to the output directory). */
export interface PrecacheScope {
  readonly reached: Set<string>
  /** Whether a build has filled `reached` (a build without the viewer still fills it). */
  built: boolean
}

/** Walks `bundle` from its entry chunks, not entering chunks whose entry module is {@link NOT_PRECACHED_ENTRY}. */
export function reachableFiles(bundle: Rollup.OutputBundle): Set<string> {
  const chunks = new Map<string, Rollup.OutputChunk>()
  for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item)
  const reached = new Set<string>()
  const queue = [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName)
  while (queue.length > 0) {
    const name = queue.pop()!
    if (reached.has(name)) continue
    const chunk = chunks.get(name)
    if (chunk === undefined || chunk.facadeModuleId?.endsWith(NOT_PRECACHED_ENTRY)) continue
    reached.add(name)
    const meta = (chunk as { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata
    for (const file of [...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])]) reached.add(file)
    queue.push(...chunk.imports, ...chunk.dynamicImports)
  }
  return reached
}

/** A build plugin recording the reached files into `scope` once the bundle is generated. */
export function precacheScope(scope: PrecacheScope): Plugin {
  return {
    name: 'engage-precache-scope',
    apply: 'build',
    generateBundle(_, bundle) {
      scope.reached.clear()
      for (const file of reachableFiles(bundle)) scope.reached.add(file)
      scope.built = true
    },
  }
}

/** Whether a precache entry's URL (relative to the output directory) stays in the precache. */
export function keepInPrecache(scope: PrecacheScope, url: string): boolean {
  if (!url.startsWith('assets/') || !scope.built) return true
  return scope.reached.has(url)
}

/**
 * Where a build's source maps go: beside the served folder, never in it.
 * `vite build --outDir X` writes the app to X and its maps to `X-sourcemaps/` (same relative
 * paths), with no `sourceMappingURL` comment in the chunks ('hidden' maps): error tooling can
 * still use them, and the server never serves two megabytes of our source.
 */
import path from 'node:path'

/** The folder holding the maps of the build in `outDir` (absolute or relative, as given). */
export function sourceMapsDir(outDir: string): string {
  return `${outDir.replace(/[\\/]+$/, '')}-sourcemaps`
}

/** The map of `file` (a path relative to `outDir`, e.g. `assets/index-abc.js`). */
export function sourceMapPath(outDir: string, file: string): string {
  return path.join(sourceMapsDir(outDir), `${file}.map`)
}

#!/usr/bin/env node
/**
 * `npm run serve` (production mode): runs the API server on an existing build, with
 * runtime dependencies only (no Vite, no build step): `npm run build` once (on a build machine or
 * in the Dockerfile's build stage), then `NODE_ENV=production npm run serve` on every host.
 * The server's TypeScript runs through tsx, a runtime dependency.
 *
 * Exits 1 with a clear message when STATIC_DIR (default ./dist) holds no build.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))
const staticDir = path.resolve(root, process.env.STATIC_DIR ?? 'dist')
if (!existsSync(path.join(staticDir, 'index.html'))) {
  console.error(`No web app build in ${staticDir}: run \`npm run build\` first (it needs the dev dependencies), or set STATIC_DIR.`)
  process.exit(1)
}
const { register } = await import('tsx/esm/api')
register()
await import('../server/main.ts')

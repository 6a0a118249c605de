/**
 * The built SPA and its version file, served from STATIC_DIR (SPEC.md §2, §4 Version check, §7
 * `GET /version.json`).
 *
 * Caching: Vite's hashed files under /assets never change, so browsers keep them a year;
 * everything else (index.html, a service worker, icons) is revalidated on each use, so a new
 * deployment is picked up at once. `/version.json` is never cached: the client polls it to
 * detect a new version.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Context, Handler } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { AppVersion } from '../../contract/api.ts'
import { validate } from '../../contract/validate.ts'
import { log } from '../log.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'

const NO_BUILD_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Engage</title></head>
<body>
<h1>Engage</h1>
<p>The API server is running, but the web app has not been built yet.</p>
<p>Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it), then reload this page.</p>
</body>
</html>
`

/**
 * `GET /version.json`: the build's own version file when STATIC_DIR has a valid one, otherwise
 * `{ version: fallbackVersion }` (APP_VERSION or package.json). Always `Cache-Control: no-store`.
 */
export function versionHandler(staticDir: string, fallbackVersion: string): Handler {
  return async (c) => {
    c.header('Cache-Control', 'no-store')
    const raw = await readFile(path.join(staticDir, 'version.json'), 'utf8').catch(() => undefined)
    if (raw !== undefined) {
      let parsed: unknown
      try {
        parsed = JSON.parse(raw)
      } catch {
        parsed = undefined
      }
      const result = validate(AppVersion, parsed)
      if (result.ok) return c.json(result.value)
      log().warn({ file: path.join(staticDir, 'version.json'), reported: fallbackVersion }, 'version.json does not match the AppVersion contract; reporting the fallback version')
    }
    return c.json({ version: fallbackVersion } satisfies AppVersion)
  }
}

/**
 * Serves files from `staticDir` for GET and HEAD, and for other non-file GETs that accept HTML,
 * the SPA's index.html (client-side routing), or a page saying to build when there is none.
 * Calls `next` for everything else so the caller can answer 404.
 */
export function staticHandler(staticDir: string): (c: Context, next: () => Promise<void>) => Promise<Response | void> {
  const root = path.resolve(staticDir)
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const file = resolveInside(root, c.req.path)
    if (file !== undefined) {
      const served = await sendFile(c, file, file.startsWith(path.join(root, 'assets') + path.sep) ? IMMUTABLE : REVALIDATE)
      if (served !== undefined) return served
    }
    // Only navigations fall back to the SPA: a missing script or image must stay a 404.
    if (c.req.path !== '/' && !c.req.header('accept')?.includes('text/html')) return next()
    const index = await sendFile(c, path.join(root, 'index.html'), REVALIDATE)
    if (index !== undefined) return index
    c.header('Cache-Control', REVALIDATE)
    return c.html(NO_BUILD_PAGE)
  }
}

/** Maps a URL path onto a file under `root`; undefined for anything that could escape it. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return undefined
  }
  if (decoded.includes('\0') || decoded.includes('\\') || decoded.split('/').some((segment) => segment === '..')) return undefined
  const relative = decoded.endsWith('/') ? `${decoded}index.html` : decoded
  const file = path.resolve(root, `.${relative}`)
  return file.startsWith(root + path.sep) ? file : undefined
}

async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | undefined> {
  const info = await stat(file).catch(() => undefined)
  if (info === undefined || !info.isFile()) return undefined
  c.header('Content-Type', getMimeType(file) ?? 'application/octet-stream')
  c.header('Cache-Control', cacheControl)
  c.header('Last-Modified', info.mtime.toUTCString())
  c.header('Content-Length', String(info.size))
  if (c.req.method === 'HEAD') return c.body(null, 200)
  return c.body(new Uint8Array(await readFile(file)), 200)
}

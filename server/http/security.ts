/**
 * Security headers on every response, and `no-store` on API answers (they carry tokens and
 * tenant data that no shared cache should keep).
 *
 * The CSP allows only same-origin scripts: Vite builds the SPA into hashed files, with no inline
 * script. Styles are same-origin files too (vanilla-extract emits CSS), but style-src also needs
 * 'unsafe-inline': react-aria-components injects a `<style id="react-aria-pressable-style">`
 * element at run time (seen in Chromium as a CSP violation without it). Inline styles cannot run
 * code, so this keeps the protection that matters; scripts stay strictly 'self'.
 */
import type { MiddlewareHandler } from 'hono'
import { nodeResponse } from './node-response.ts'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
]

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/')

/**
 * Adds the headers above to every response, error responses included, and `Cache-Control:
 * no-store` to API answers. A handler that set its own Content-Security-Policy or Cache-Control
 * keeps it: uploaded files are served with a stricter, sandboxing policy
 * (server/uploads/routes.ts); the API handlers that set Cache-Control set no-store too.
 *
 * Served by node:http, they are written on its response before the handler runs and the handler's
 * own headers take precedence there (./node-response.ts); otherwise (`app.request`) they are set
 * on the response after the handler ran, keeping its own policy the same way.
 */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    const outgoing = nodeResponse(c)
    if (outgoing !== undefined) {
      for (const [name, value] of HEADERS) outgoing.setHeader(name, value)
      if (isApiPath(c.req.path)) outgoing.setHeader('Cache-Control', 'no-store')
      return next()
    }
    await next()
    const ownPolicy = c.res.headers.get('Content-Security-Policy')
    for (const [name, value] of HEADERS) c.res.headers.set(name, value)
    if (ownPolicy !== null) c.res.headers.set('Content-Security-Policy', ownPolicy)
    if (isApiPath(c.req.path) && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  }
}

/**
 * With S3 storage the browser PUTs uploads straight to the bucket, a different origin, which the
 * default policy's `connect-src 'self'` refuses. This adds the bucket's origin to `connect-src`
 * of whatever policy the response carries (the default one, or Turnstile's), and leaves the
 * uploaded files' own policy alone. Registered between `securityHeaders()` and the Turnstile
 * middleware (server/app.ts), so it sees the response after Turnstile set its policy.
 */
import type { MiddlewareHandler } from 'hono'
import { CONTENT_SECURITY_POLICY } from '../http/security.ts'
import { UPLOADED_FILE_CSP } from './routes.ts'

/** `policy` with `origin` added to `connect-src` (the directive is created when missing). */
export function withConnectSource(policy: string, origin: string): string {
  const directives = policy.split(';').map((d) => d.trim()).filter((d) => d !== '')
  const i = directives.findIndex((d) => d.startsWith('connect-src '))
  if (i < 0) directives.push(`connect-src 'self' ${origin}`)
  else if (!directives[i]!.split(' ').includes(origin)) directives[i] = `${directives[i]} ${origin}`
  return directives.join('; ')
}

/** Adds `origin` to `connect-src` of every response's policy, except an uploaded file's. */
export function uploadOriginCsp(origin: string): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const existing = c.res.headers.get('Content-Security-Policy')
    if (existing === UPLOADED_FILE_CSP) return
    c.res.headers.set('Content-Security-Policy', withConnectSource(existing ?? CONTENT_SECURITY_POLICY, origin))
  }
}

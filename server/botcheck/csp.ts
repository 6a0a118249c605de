/**
 * The Content-Security-Policy when Cloudflare Turnstile is the bot check: its script, its iframe
 * and its calls come from challenges.cloudflare.com, which the default policy
 * (http/security.ts) refuses. Only registered when Turnstile is configured, so the default
 * (ALTCHA, everything same-origin) keeps the strict policy.
 *
 * Registered after `securityHeaders()`, so it sees the response first; `securityHeaders` keeps a
 * policy set before it (as it does for uploads), and this middleware leaves alone a response
 * that already has its own.
 */
import type { MiddlewareHandler } from 'hono'
import { CONTENT_SECURITY_POLICY } from '../http/security.ts'

export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com'

/** The default policy with Turnstile's origin added to script-src, frame-src and connect-src. */
export function turnstileContentSecurityPolicy(base: string = CONTENT_SECURITY_POLICY): string {
  const directives = base.split(';').map((d) => d.trim())
  const add = (name: string, fallback: string) => {
    const i = directives.findIndex((d) => d.startsWith(`${name} `))
    if (i >= 0) directives[i] = `${directives[i]} ${TURNSTILE_ORIGIN}`
    else directives.push(`${name} ${fallback} ${TURNSTILE_ORIGIN}`)
  }
  add('script-src', "'self'")
  add('frame-src', "'self'")
  add('connect-src', "'self'")
  return directives.join('; ')
}

/** Sets the Turnstile policy on responses that have none of their own. */
export function turnstileCsp(): MiddlewareHandler {
  const policy = turnstileContentSecurityPolicy()
  return async (c, next) => {
    await next()
    if (!c.res.headers.has('Content-Security-Policy')) c.res.headers.set('Content-Security-Policy', policy)
  }
}

import { describe, expect, it } from 'vitest'
import { safeAppPath, safeLocalPath, signInUrlFor } from './redirect.ts'

describe('redirect rules', () => {
  it.each([
    ['/app', '/app'],
    ['/app/dashboard?tab=x', '/app/dashboard?tab=x'],
    ['/app/contacts/timeline/42#notes', '/app/contacts/timeline/42#notes'],
  ])('keeps the same-origin app path %s', (raw, expected) => {
    expect(safeAppPath(raw)).toBe(expected)
  })

  it.each([
    ['empty', ''],
    ['absolute URL', 'https://evil.test/app'],
    ['protocol-relative', '//evil.test/app'],
    ['backslash host', '/\\evil.test'],
    ['backslash inside', '/app\\..\\..\\evil'],
    ['javascript URL', 'javascript:alert(1)'],
    ['encoded javascript', 'javascript%3Aalert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['not under /app', '/signin'],
    ['lookalike prefix', '/apple'],
    ['dot segments out of /app', '/app/../signin'],
    ['encoded double slash', '/%2F%2Fevil.test'],
    ['tab trick', '/\t/evil.test'],
    ['newline trick', '/app\n//evil'],
    ['too long', `/app/${'a'.repeat(3000)}`],
  ])('rejects %s', (_, raw) => {
    expect(safeAppPath(raw)).toBeNull()
  })

  it('rejects non-strings', () => {
    expect(safeAppPath(undefined)).toBeNull()
    expect(safeAppPath(null)).toBeNull()
  })

  it('builds the SPEC §2.2 sign-in URL with main_app and the encoded path and query', () => {
    const url = signInUrlFor('/app/dashboard?tab=x&y=1')
    expect(url).toBe('/signin?main_app=true&app_path=%2Fapp%2Fdashboard%3Ftab%3Dx%26y%3D1')
    expect(new URLSearchParams(url.split('?')[1]).get('app_path')).toBe('/app/dashboard?tab=x&y=1')
  })

  it('accepts only local paths from a server-given redirect', () => {
    expect(safeLocalPath('/signin', '/x')).toBe('/signin')
    expect(safeLocalPath('https://evil.test', '/signin')).toBe('/signin')
    expect(safeLocalPath('//evil.test', '/signin')).toBe('/signin')
    expect(safeLocalPath('/\\evil.test', '/signin')).toBe('/signin')
    expect(safeLocalPath('javascript:alert(1)', '/signin')).toBe('/signin')
  })
})

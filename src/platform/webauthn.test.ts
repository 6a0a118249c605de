import { describe, expect, it } from 'vitest'
import { passkeyLocalhostUrl } from './webauthn.ts'

const at = (href: string) => {
  const url = new URL(href)
  return { protocol: url.protocol, hostname: url.hostname, port: url.port, pathname: url.pathname, search: url.search }
}

describe('passkeyLocalhostUrl', () => {
  it('Scenario: a page opened at a loopback IP address is offered the same page at localhost, where passkeys work', () => {
    expect(passkeyLocalhostUrl(at('http://127.0.0.1:3000/app/account?tab=security'))).toBe('http://localhost:3000/app/account?tab=security')
    expect(passkeyLocalhostUrl(at('http://[::1]:3000/signin'))).toBe('http://localhost:3000/signin')
  })

  it('Scenario: anywhere else passkeys work where the page is', () => {
    expect(passkeyLocalhostUrl(at('http://localhost:3000/signin'))).toBeNull()
    expect(passkeyLocalhostUrl(at('https://engage.example.com/signin'))).toBeNull()
    expect(passkeyLocalhostUrl(at('http://10.0.0.5:3000/signin'))).toBeNull()
  })
})

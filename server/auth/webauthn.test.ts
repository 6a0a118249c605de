import { describe, expect, test } from 'vitest'
import { relyingPartyOf } from './webauthn.ts'

describe('relyingPartyOf', () => {
  test('Scenario: the RP ID is the public origin’s host, the origin the public origin', () => {
    expect(relyingPartyOf('https://engage.example.com')).toEqual({ name: 'Engage', id: 'engage.example.com', origin: 'https://engage.example.com' })
    expect(relyingPartyOf('https://app.example.com:8443/some/path')).toEqual({ name: 'Engage', id: 'app.example.com', origin: 'https://app.example.com:8443' })
    expect(relyingPartyOf('http://localhost:3000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:3000' })
  })

  test('Scenario: a loopback address is served as localhost (browsers refuse IP addresses as RP IDs)', () => {
    expect(relyingPartyOf('http://127.0.0.1:41234')).toMatchObject({ id: 'localhost', origin: 'http://localhost:41234' })
    expect(relyingPartyOf('http://[::1]:5000')).toMatchObject({ id: 'localhost', origin: 'http://localhost:5000' })
    expect(relyingPartyOf('http://127.0.0.1')).toMatchObject({ id: 'localhost', origin: 'http://localhost' })
    // Any other address stays as it is (and the browser will refuse it: set APP_URL to a host name).
    expect(relyingPartyOf('http://10.0.0.5:3000')).toMatchObject({ id: '10.0.0.5', origin: 'http://10.0.0.5:3000' })
  })
})

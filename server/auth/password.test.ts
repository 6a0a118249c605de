import { describe, expect, test } from 'vitest'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.ts'

describe('password hashing', () => {
  test('Scenario: a hash is self-describing, salted, and verifies only its password', async () => {
    const a = await hashPassword('correct horse')
    const b = await hashPassword('correct horse')
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/)
    expect(a).not.toBe(b)
    expect(await verifyPassword('correct horse', a)).toBe(true)
    expect(await verifyPassword('correct horsf', a)).toBe(false)
    expect(await verifyPassword('', a)).toBe(false)
  })

  test('Scenario: malformed or hostile stored values answer false, never throw', async () => {
    for (const stored of ['', 'plain', 'scrypt$x$8$1$abc$def', 'scrypt$1073741824$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA', 'bcrypt$...']) {
      expect(await verifyPassword('x', stored)).toBe(false)
    }
  })

  test('Scenario: the unknown-account check always fails', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false)
  })
})

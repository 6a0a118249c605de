import { describe, expect, it } from 'vitest'
import { readOrCreateDeviceId } from './device-id.ts'

describe('readOrCreateDeviceId', () => {
  const memory = () => {
    const map = new Map<string, string>()
    return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) }
  }

  it('Scenario: generated once from time plus random, then read back', () => {
    const storage = memory()
    const id = readOrCreateDeviceId(storage, () => 1_795_332_994_000, (n) => new Uint8Array(n).fill(171))
    expect(id).toBe(`${(1_795_332_994_000).toString(36)}-abababababababab`)
    expect(storage.map.get('engage_device_id')).toBe(id)
    expect(readOrCreateDeviceId(storage, () => 0, (n) => new Uint8Array(n))).toBe(id)
  })

  it('Scenario: a tampered stored value is replaced; storage that throws still gives an id', () => {
    const storage = memory()
    storage.map.set('engage_device_id', '<script>')
    expect(readOrCreateDeviceId(storage)).toMatch(/^[0-9a-z]+-[0-9a-f]{16}$/)
    const broken = { getItem: () => { throw new Error('denied') }, setItem: () => { throw new Error('denied') } }
    const original = console.warn
    console.warn = () => {}
    try {
      expect(readOrCreateDeviceId(broken)).toMatch(/^[0-9a-z]+-[0-9a-f]{16}$/)
    } finally {
      console.warn = original
    }
  })
})

/** The keyset cursors' envelope and the checks every list shares. */
import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, isCursorKey, isCursorTime } from './cursor.ts'

describe('cursor envelope', () => {
  it('round-trips its fields; anything else is not a cursor', () => {
    const text = encodeCursor(['2026-03-01T09:30:00.123456Z', 'id-1'])
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/)
    expect(decodeCursor(text, 2)).toEqual(['2026-03-01T09:30:00.123456Z', 'id-1'])
    expect(decodeCursor(text, 3)).toBeUndefined()
    expect(decodeCursor(text, 2, text.length - 1)).toBeUndefined()
    expect(decodeCursor('', 2)).toBeUndefined()
    expect(decodeCursor('not a cursor!', 2)).toBeUndefined()
    expect(decodeCursor(Buffer.from('{"a":1}').toString('base64url'), 1)).toBeUndefined()
    expect(decodeCursor(Buffer.from('["a",1]').toString('base64url'), 2)).toBeUndefined()
  })

  it('keys are 1 to 64 characters without NUL or a lone surrogate; times are real instants to the microsecond', () => {
    expect(isCursorKey('abc')).toBe(true)
    expect(isCursorKey('')).toBe(false)
    expect(isCursorKey('x'.repeat(65))).toBe(false)
    expect(isCursorKey('a\u0000b')).toBe(false)
    expect(isCursorKey('a\ud800')).toBe(false)
    expect(isCursorTime('2026-03-01T09:30:00.123456Z')).toBe(true)
    expect(isCursorTime('2026-03-01T09:30:00.123Z')).toBe(false)
    expect(isCursorTime('2026-02-30T09:30:00.123456Z')).toBe(false)
    expect(isCursorTime('0000-01-01T00:00:00.000000Z')).toBe(false)
    expect(isCursorTime('2026-03-01T24:30:00.123456Z')).toBe(false)
  })
})

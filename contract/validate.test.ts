import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { UNSAFE_TEXT_MESSAGE, isUnsafeText, unsafeTextIssues, validate } from './validate.ts'

describe('the text rule of every boundary', () => {
  it.each([
    ['a\u0000b', true],
    ['\uD800', true],
    ['x\uDFFF', true],
    ['\uDFFF\uD800', true],
    ['😀', false],
    ['Ada Lövelace', false],
    ['', false],
  ])('%j is unsafe: %s', (text, unsafe) => expect(isUnsafeText(text)).toBe(unsafe))

  it('finds every unsafe string and key, at its path', () => {
    expect(unsafeTextIssues({ a: 'ok', b: ['fine', 'x\u0000'], c: { d: '\uD800' }, ['k\u0000']: 1 })).toEqual([
      { path: ['b', 1], message: UNSAFE_TEXT_MESSAGE },
      { path: ['c', 'd'], message: UNSAFE_TEXT_MESSAGE },
      { path: [], message: UNSAFE_TEXT_MESSAGE },
    ])
  })

  it('validate refuses such text before the schema, whatever the schema would say', () => {
    const result = validate(Schema.Struct({ name: Schema.String }), { name: 'a\u0000b' })
    expect(result).toEqual({ ok: false, issues: [{ path: ['name'], message: UNSAFE_TEXT_MESSAGE }] })
    expect(validate(Schema.Struct({ name: Schema.String }), { name: 'Ada' })).toEqual({ ok: true, value: { name: 'Ada' } })
  })
})

/**
 * The audit log's CSV: RFC 4180 quoting, and no cell a spreadsheet would run as a
 * formula (OWASP "CSV injection"), since labels and details are other people's text.
 */
import { describe, expect, test } from 'vitest'
import { csvField, csvRecord } from './csv.ts'

describe('audit CSV', () => {
  test('Scenario: plain text stays as it is; commas, quotes, line breaks and edge spaces are quoted', () => {
    expect(csvField('admin@acme.test')).toBe('admin@acme.test')
    expect(csvField('Acme, Inc.')).toBe('"Acme, Inc."')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField(' padded ')).toBe('" padded "')
  })

  test('Scenario: a cell starting like a formula is shown as text', () => {
    for (const hostile of ['=HYPERLINK("http://evil.example")', '+1+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      const field = csvField(hostile)
      expect(field.replace(/^"/, '').startsWith("'")).toBe(true)
    }
    expect(csvField('=1,2')).toBe(`"'=1,2"`)
  })

  test('Scenario: every short text of awkward characters comes out as the two rules say, the quick path included', () => {
    const byTheRules = (value: string) => {
      const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
      return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
    }
    const characters = ['a', ' ', '\t', '\r', '\n', '\v', '"', ',', "'", '=', '+', '-', '@', '\u00a0', '\u2028', '\ufeff', 'é']
    let texts = ['']
    for (let length = 1; length <= 3; length++) {
      texts = [...texts, ...texts.filter((t) => t.length === length - 1).flatMap((t) => characters.map((c) => t + c))]
    }
    expect(texts.length).toBeGreaterThan(5_000)
    expect(texts.filter((text) => csvField(text) !== byTheRules(text))).toEqual([])
  })

  test('Scenario: a record joins its fields with commas and ends with CRLF', () => {
    expect(csvRecord(['a', 'b,c', ''])).toBe('a,"b,c",\r\n')
  })
})

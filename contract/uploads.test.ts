import { describe, expect, it } from 'vitest'
import { isHttpUrl, sanitizeFileName } from './uploads.ts'

describe('sanitizeFileName', () => {
  it('Scenario: keeps the last segment, replaces unsafe characters, and fixes the extension to the content type', () => {
    expect(sanitizeFileName('Screen Shot 2026-11-22 at 08.30.png', 'image/png')).toBe('Screen_Shot_2026-11-22_at_08.30.png')
    expect(sanitizeFileName('C:\\Users\\ada\\photo.jpeg', 'image/jpeg')).toBe('photo.jpg')
    expect(sanitizeFileName('../../etc/passwd', 'image/gif')).toBe('passwd.gif')
    expect(sanitizeFileName('evil.html', 'image/png')).toBe('evil.png')
    expect(sanitizeFileName('.htaccess', 'image/webp')).toBe('file.webp')
    expect(sanitizeFileName('日本語.png', 'image/png')).toBe('file.png')
    expect(sanitizeFileName('a"b<c>.png', 'image/png')).toBe('a_b_c.png')
    expect(sanitizeFileName('x'.repeat(300), 'image/png')).toHaveLength(100 + '.png'.length)
  })
})

describe('isHttpUrl', () => {
  it('Scenario: only absolute http(s) URLs without whitespace or control characters', () => {
    expect(isHttpUrl('https://cdn.example.com/a.png')).toBe(true)
    expect(isHttpUrl('http://127.0.0.1:3000/api/data-storage/files/k/a.png')).toBe(true)
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AA', '/relative.png', '//evil.test/a.png', 'ftp://x.test/a', 'https://', 'https://a b.test/', `https://x.test/${'a'.repeat(2048)}`]) {
      expect(isHttpUrl(bad)).toBe(false)
    }
  })
})

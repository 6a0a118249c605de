import { describe, expect, it } from 'vitest'
import { detectDeviceInfo } from './device-info.ts'

// Real user-agent strings, as those browsers send them.
const table: ReadonlyArray<[label: string, ua: string, browser: string, os: string, deviceType: string, touch?: number]> = [
  ['Chrome on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Windows', 'desktop'],
  ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux', 'desktop'],
  ['Safari on macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'MacOS', 'desktop'],
  ['Safari on iPhone', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', 'mobile'],
  ['Safari on iPad (iPad UA)', 'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1', 'Safari', 'iOS', 'tablet'],
  ['Safari on iPadOS (desktop-class Mac UA, touch)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15', 'Safari', 'iOS', 'tablet', 5],
  ['Edge on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70', 'Edge', 'Windows', 'desktop'],
  ['Opera on Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 OPR/115.0.0.0', 'Opera', 'Windows', 'desktop'],
  ['Samsung Internet on a Galaxy phone', 'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36', 'Chrome', 'Android', 'mobile'],
  ['Chrome on an Android tablet', 'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Android', 'tablet'],
  ['Chrome on a Pixel phone', 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36', 'Chrome', 'Android', 'mobile'],
  ['Firefox on Android', 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox', 'Android', 'mobile'],
  ['Chrome on a Chromebook', 'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36', 'Chrome', 'Linux', 'desktop'],
  ['Chrome on iPhone (CriOS)', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1', 'Chrome', 'iOS', 'mobile'],
  ['Headless Chromium on Linux (the e2e browser)', 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36', 'Chrome', 'Linux', 'desktop'],
  ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Unknown', 'Unknown', 'desktop'],
  ['curl', 'curl/8.5.0', 'Unknown', 'Unknown', 'desktop'],
  ['empty', '', 'Unknown', 'Unknown', 'desktop'],
]

describe('detectDeviceInfo', () => {
  it.each(table)('Scenario: %s', (_label, ua, browser, os, deviceType, touch) => {
    expect(detectDeviceInfo(ua, touch ?? 0)).toEqual({ browser, os, user_agent: ua, device_type: deviceType })
  })

  it('Scenario: a Mac without touch stays a Mac; an over-long user agent is cut to 1024 characters', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'
    expect(detectDeviceInfo(mac, 0).os).toBe('MacOS')
    expect(detectDeviceInfo(`${mac} ${'x'.repeat(2000)}`).user_agent).toHaveLength(1024)
  })
})

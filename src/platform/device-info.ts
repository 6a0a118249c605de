/**
 * deviceInfo of a push subscription (SPEC.md §3 Push subscription): browser, OS and device type
 * from the user agent, mapped onto the spec's lists. Pure: the caller passes `navigator.userAgent`
 * (and `maxTouchPoints`, see below). Parsing is bowser's; the mapping is ours:
 *
 * - browser: Edge, Opera, Firefox, Safari as named; every other Chromium-based browser (Chromium,
 *   Samsung Internet, Brave, Vivaldi...) is Chrome, since that is the engine and push service it
 *   uses; anything else (bots, old engines) is Unknown.
 * - OS: Windows, MacOS, Linux (Chrome OS included), Android, iOS (iPadOS included); else Unknown.
 * - device_type: tablet or mobile as bowser reads the platform, otherwise desktop (TVs and bots
 *   included). iPadOS sends a Mac user agent; a "Mac" with touch points is an iPad (tablet, iOS).
 */
import Bowser from 'bowser'
import type { DeviceInfo, PushBrowser, PushDeviceType, PushOperatingSystem } from '../../contract/push.ts'

const CHROMIUM_FAMILY = new Set(['Chrome', 'Chromium', 'Samsung Internet for Android', 'Vivaldi', 'Brave', 'Yandex Browser', 'UC Browser', 'Android Browser'])

function browserOf(name: string | undefined): PushBrowser {
  if (name === undefined) return 'Unknown'
  if (name === 'Microsoft Edge') return 'Edge'
  if (name === 'Opera' || name === 'Opera Touch') return 'Opera'
  if (name === 'Firefox' || name === 'Firefox Focus') return 'Firefox'
  if (name === 'Safari') return 'Safari'
  if (CHROMIUM_FAMILY.has(name)) return 'Chrome'
  return 'Unknown'
}

function osOf(name: string | undefined): PushOperatingSystem {
  switch (name) {
    case 'Windows':
      return 'Windows'
    case 'macOS':
      return 'MacOS'
    case 'Linux':
    case 'Chrome OS':
      return 'Linux'
    case 'Android':
      return 'Android'
    case 'iOS':
      return 'iOS'
    default:
      return 'Unknown'
  }
}

/**
 * @param userAgent `navigator.userAgent` (at most 1024 characters are kept, as the contract allows).
 * @param maxTouchPoints `navigator.maxTouchPoints` (0 when unknown): tells an iPad from a Mac.
 */
export function detectDeviceInfo(userAgent: string, maxTouchPoints = 0): DeviceInfo {
  let parsed: Bowser.Parser.ParsedResult
  try {
    parsed = Bowser.parse(userAgent)
  } catch {
    // bowser refuses an empty user agent
    return { browser: 'Unknown', os: 'Unknown', user_agent: userAgent.slice(0, 1024), device_type: 'desktop' }
  }
  let os = osOf(parsed.os.name)
  const type = parsed.platform.type
  let deviceType: PushDeviceType = type === 'tablet' ? 'tablet' : type === 'mobile' ? 'mobile' : 'desktop'
  if (os === 'MacOS' && maxTouchPoints > 1) {
    os = 'iOS'
    deviceType = 'tablet'
  }
  return { browser: browserOf(parsed.browser.name), os, user_agent: userAgent.slice(0, 1024), device_type: deviceType }
}

/**
 * Contract-shaped sessions for the sessions machine's tests and the Security stories: this
 * device (a Mac), a phone, and a session whose user agent said nothing (signed in before the server kept user agents).
 */
import type { SessionItem } from '../../contract/sessions.ts'

export const thisMac: SessionItem = {
  id: 's-mac',
  browser: 'Chrome 126',
  os: 'macOS',
  device_type: 'desktop',
  ip_address: '203.0.113.7',
  location: 'Lisbon, Portugal',
  created_at: '2026-11-20T09:15:00.000Z',
  last_used_at: '2026-11-25T11:30:00.000Z',
  current: true,
}

export const phone: SessionItem = {
  id: 's-phone',
  browser: 'Safari 18',
  os: 'iOS',
  device_type: 'mobile',
  ip_address: '198.51.100.23',
  location: null,
  created_at: '2026-11-02T18:40:00.000Z',
  last_used_at: '2026-11-24T21:05:00.000Z',
  current: false,
}

export const unknownDevice: SessionItem = {
  id: 's-old',
  browser: null,
  os: null,
  device_type: 'other',
  ip_address: null,
  location: null,
  created_at: '2026-10-28T08:00:00.000Z',
  last_used_at: '2026-11-10T08:00:00.000Z',
  current: false,
}

/** Most recently used first, as the server lists them. */
export const threeSessions: ReadonlyArray<SessionItem> = [thisMac, phone, unknownDevice]

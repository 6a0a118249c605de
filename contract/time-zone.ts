/**
 * IANA time zones (the quiet hours of contract/notifications.ts, the person's saved zone the
 * formats use). A module of its own, with no Schema, so the first load can check a zone without
 * the notifications contract.
 */

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

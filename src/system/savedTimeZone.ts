/**
 * The time zone a person saved (their notification preferences' quiet hours zone, an IANA name),
 * for what is shown or chosen in their own time (the snooze presets).
 */
import { useEffect, useState } from 'react'
import { useOptionalApi } from './api.tsx'

/**
 * The person's saved IANA time zone, asked for once `active` turns true (the snooze menu opens);
 * null until it is known, when none is saved, outside an API provider (stories) or when the call
 * fails (then the browser's own zone stands in).
 */
export function useSavedTimeZone(active: boolean): string | null {
  const api = useOptionalApi()
  const [zone, setZone] = useState<string | null>(null)
  useEffect(() => {
    if (!active || !api) return
    let current = true
    api
      .notificationPreferences()
      .then((p) => current && setZone(p.quiet_hours?.timezone ?? null))
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [active, api])
  return zone
}

/**
 * This browser's device id (SPEC.md §3 stored values, §9: "generated from time plus random and
 * stored locally"): base-36 milliseconds, a dash, then 16 random hex digits, kept in
 * localStorage under contract `DEVICE_ID_STORAGE_KEY`. The push subscription of this browser is
 * filed under it (the `{deviceId}` of the web-push calls).
 */
import { DEVICE_ID_STORAGE_KEY, DeviceIdentifier } from '../../contract/push.ts'
import { validate } from '../../contract/validate.ts'

/**
 * The stored device id, or a new one stored now. A stored value that is not a valid id is
 * replaced. Storage failures (private mode) give a fresh id each time, which only means this
 * browser re-subscribes as a new device.
 * @param now ms since the epoch; `random` gives `bytes` random bytes.
 */
export function readOrCreateDeviceId(
  storage: Pick<Storage, 'getItem' | 'setItem'>,
  now: () => number = Date.now,
  random: (bytes: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  try {
    const stored = storage.getItem(DEVICE_ID_STORAGE_KEY)
    if (stored !== null && validate(DeviceIdentifier, stored).ok) return stored
  } catch {
    // unreadable storage: a new id below
  }
  const hex = Array.from(random(8), (b) => b.toString(16).padStart(2, '0')).join('')
  const id = `${now().toString(36)}-${hex}`
  try {
    storage.setItem(DEVICE_ID_STORAGE_KEY, id)
  } catch (error) {
    console.warn('Could not store the device id:', error)
  }
  return id
}

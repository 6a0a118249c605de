/**
 * The reading rules every configuration module shares (server/config.ts, server/botcheck/config.ts):
 * a bad variable adds one sentence to `problems` (the caller throws ConfigError with all of them)
 * and the fallback is used meanwhile.
 */

/**
 * A whole-number variable in [min, max]; `fallback` when unset.
 * @param value the trimmed variable, or undefined when unset or empty.
 */
export function readInteger(value: (name: string) => string | undefined, problems: string[], name: string, fallback: number, min: number, max: number): number {
  const raw = value(name)
  if (raw === undefined) return fallback
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    problems.push(`${name}=${JSON.stringify(raw)} must be a whole number from ${min} to ${max}`)
    return fallback
  }
  return n
}

/**
 * The bot check's configuration (SPEC.md §2.6 Human-verification overlay, §4 Human verification),
 * read by server/config.ts with the rest of the environment.
 *
 * | variable                     | default | meaning                                                        |
 * |------------------------------|---------|----------------------------------------------------------------|
 * | BOT_CHECK                    | on      | off disables the gate: local development only, refused when NODE_ENV=production |
 * | ALTCHA_COST                  | 2000    | PBKDF2-SHA-256 iterations per proof-of-work attempt            |
 * | ALTCHA_COUNTER_MAX           | 200     | the secret counter is drawn from [max/2, max]: attempts needed |
 * | TURNSTILE_SITE_KEY           | (unset) | with TURNSTILE_SECRET_KEY: use Cloudflare Turnstile instead of ALTCHA |
 * | TURNSTILE_SECRET_KEY         | (unset) | both or neither                                                |
 * | TURNSTILE_EXPECTED_HOSTNAME  | (unset) | hostname siteverify must report; unset: the request's Host     |
 *
 * The ALTCHA work a browser does is about ALTCHA_COST × counter PBKDF2 iterations (defaults:
 * 2000 × 100..200, i.e. 0.2 to 0.4 million, well under a second on one core). Raise either to
 * make each check more expensive for a bot farm; docs/decisions.md records the choice.
 */
import { readInteger } from '../config-values.ts'

/** Which provider runs, with its settings. */
export type BotCheckConfig =
  | { readonly provider: 'off' }
  | {
      readonly provider: 'altcha'
      /** PBKDF2 iterations per attempt. */
      readonly cost: number
      /** Largest secret counter; the counter is uniform in [ceil(max/2), max]. */
      readonly counterMax: number
    }
  | {
      readonly provider: 'turnstile'
      readonly siteKey: string
      readonly secretKey: string
      /** Hostname siteverify must report; undefined: the hostname of the request's Host header. */
      readonly expectedHostname: string | undefined
    }

export const ALTCHA_DEFAULT_COST = 2000
export const ALTCHA_DEFAULT_COUNTER_MAX = 200

/** The default provider (ALTCHA with the default cost): what tests and createApp use when given nothing. */
export const DEFAULT_BOT_CHECK: BotCheckConfig = { provider: 'altcha', cost: ALTCHA_DEFAULT_COST, counterMax: ALTCHA_DEFAULT_COUNTER_MAX }

/**
 * Reads the variables above. Pushes one sentence per bad variable onto `problems` (the caller
 * throws ConfigError with all of them) and returns a usable value anyway.
 * @param value the trimmed variable, or undefined when unset or empty.
 */
export function readBotCheckConfig(value: (name: string) => string | undefined, problems: string[]): BotCheckConfig {
  const integer = (name: string, fallback: number, min: number, max: number): number => readInteger(value, problems, name, fallback, min, max)

  const switchValue = value('BOT_CHECK')?.toLowerCase() ?? 'on'
  if (switchValue !== 'on' && switchValue !== 'off') {
    problems.push(`BOT_CHECK=${JSON.stringify(value('BOT_CHECK'))} must be on or off`)
  }
  const cost = integer('ALTCHA_COST', ALTCHA_DEFAULT_COST, 1, 1_000_000)
  const counterMax = integer('ALTCHA_COUNTER_MAX', ALTCHA_DEFAULT_COUNTER_MAX, 2, 100_000_000)

  const siteKey = value('TURNSTILE_SITE_KEY')
  const secretKey = value('TURNSTILE_SECRET_KEY')
  if ((siteKey === undefined) !== (secretKey === undefined)) {
    problems.push('TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY must be set together (unset both to use the embedded ALTCHA check)')
  }
  const expectedHostname = value('TURNSTILE_EXPECTED_HOSTNAME')?.toLowerCase()
  if (expectedHostname !== undefined && !/^[a-z0-9.-]+$/.test(expectedHostname)) {
    problems.push(`TURNSTILE_EXPECTED_HOSTNAME=${JSON.stringify(expectedHostname)} must be a bare hostname (no scheme, port or path)`)
  }

  if (switchValue === 'off') {
    if (value('NODE_ENV') === 'production') {
      problems.push('BOT_CHECK=off is for local development only and is refused when NODE_ENV=production')
    }
    return { provider: 'off' }
  }
  if (siteKey !== undefined && secretKey !== undefined) return { provider: 'turnstile', siteKey, secretKey, expectedHostname }
  return { provider: 'altcha', cost, counterMax }
}

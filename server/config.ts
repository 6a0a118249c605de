/**
 * Server configuration from environment variables, validated once at start. A bad value stops the
 * server with a message naming the variable, what was given and what is expected, rather than
 * surfacing later as a confusing runtime error.
 *
 * | variable              | default          | meaning                                                  |
 * |-----------------------|------------------|----------------------------------------------------------|
 * | PORT                  | 3000             | TCP port; 0 picks a free one (printed at start)          |
 * | HOST                  | 127.0.0.1        | interface to listen on                                   |
 * | DATA_DIR              | ./.data          | embedded PGlite lives in DATA_DIR/pglite                 |
 * | DATABASE_URL          | (unset)          | use this PostgreSQL server instead of PGlite             |
 * | ACCESS_TOKEN_TTL_S    | 300              | access-token lifetime, seconds                           |
 * | REFRESH_TOKEN_TTL_S   | 2592000 (30 d)   | refresh-token lifetime, seconds                          |
 * | STATIC_DIR            | ./dist           | the built SPA                                            |
 * | APP_VERSION           | package.json     | version reported when STATIC_DIR has no version.json     |
 * | JWT_SECRET            | (generated)      | access-token signing secret, at least 32 bytes           |
 * | WAITLIST              | on               | on: new sign-ups wait for approval; off: approved at once |
 * | INTERNAL_API_KEY      | (generated)      | key of the internal admin API, at least 32 bytes         |
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export interface ServerConfig {
  readonly port: number
  readonly host: string
  /** Absolute path. */
  readonly dataDir: string
  /** A `postgres://` / `postgresql://` URL, or undefined for embedded PGlite. */
  readonly databaseUrl: string | undefined
  /** Seconds. */
  readonly accessTokenTtlS: number
  /** Seconds. */
  readonly refreshTokenTtlS: number
  /** Absolute path. */
  readonly staticDir: string
  /** Used by `/version.json` when the build did not write one. */
  readonly appVersion: string
  /** Overrides the generated, persisted signing secret when set. */
  readonly jwtSecret: string | undefined
  /** Largest accepted request body, bytes. */
  readonly bodyLimitBytes: number
  /**
   * WAITLIST=on (default): a workspace made by sign-up starts not waitlist-approved, until an
   * operator approves it (`npm run admin -- approve-waitlist`). off: it is approved at once.
   */
  readonly waitlistEnabled: boolean
  /** Overrides the generated, persisted internal API key when set (server/admin/internal-key.ts). */
  readonly internalApiKey: string | undefined
}

/** Thrown by {@link loadConfig}; `problems` lists every bad variable, one sentence each. */
export class ConfigError extends Error {
  constructor(readonly problems: ReadonlyArray<string>) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The `version` of the repository's package.json ("0.0.0" if unreadable). */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: unknown }
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0'
  } catch {
    return '0.0.0'
  }
}

/**
 * Reads and validates the configuration.
 * @param env defaults to `process.env`; relative paths resolve against `cwd`.
 * @throws ConfigError listing every invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): ServerConfig {
  const problems: string[] = []
  const value = (name: string): string | undefined => {
    const v = env[name]?.trim()
    return v === undefined || v === '' ? undefined : v
  }
  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(name)
    if (raw === undefined) return fallback
    const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
    if (!Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name}=${JSON.stringify(raw)} must be a whole number from ${min} to ${max}`)
      return fallback
    }
    return n
  }

  const port = integer('PORT', 3000, 0, 65535)
  const host = value('HOST') ?? '127.0.0.1'
  const accessTokenTtlS = integer('ACCESS_TOKEN_TTL_S', 300, 10, 24 * 60 * 60)
  const refreshTokenTtlS = integer('REFRESH_TOKEN_TTL_S', 30 * 24 * 60 * 60, 60, 365 * 24 * 60 * 60)
  if (refreshTokenTtlS <= accessTokenTtlS) {
    problems.push(`REFRESH_TOKEN_TTL_S (${refreshTokenTtlS}) must be longer than ACCESS_TOKEN_TTL_S (${accessTokenTtlS})`)
  }

  const databaseUrl = value('DATABASE_URL')
  if (databaseUrl !== undefined) {
    let protocol = ''
    try {
      protocol = new URL(databaseUrl).protocol
    } catch {
      // reported below
    }
    if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database)')
    }
  }

  const jwtSecret = value('JWT_SECRET')
  if (jwtSecret !== undefined && Buffer.byteLength(jwtSecret, 'utf8') < 32) {
    problems.push('JWT_SECRET must be at least 32 bytes long (unset it to let the server generate and keep one)')
  }

  const waitlist = value('WAITLIST')?.toLowerCase() ?? 'on'
  if (waitlist !== 'on' && waitlist !== 'off') {
    problems.push(`WAITLIST=${JSON.stringify(value('WAITLIST'))} must be on or off`)
  }

  const internalApiKey = value('INTERNAL_API_KEY')
  if (internalApiKey !== undefined && Buffer.byteLength(internalApiKey, 'utf8') < 32) {
    problems.push('INTERNAL_API_KEY must be at least 32 bytes long (unset it to let the server generate and keep one)')
  }

  if (problems.length > 0) throw new ConfigError(problems)
  return {
    port,
    host,
    dataDir: path.resolve(cwd, value('DATA_DIR') ?? '.data'),
    databaseUrl,
    accessTokenTtlS,
    refreshTokenTtlS,
    staticDir: path.resolve(cwd, value('STATIC_DIR') ?? 'dist'),
    appVersion: value('APP_VERSION') ?? packageVersion(),
    jwtSecret,
    bodyLimitBytes: 64 * 1024,
    waitlistEnabled: waitlist !== 'off',
    internalApiKey,
  }
}

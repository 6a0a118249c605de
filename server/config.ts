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
 * | VAPID_PUBLIC_KEY      | (generated)      | Web Push VAPID public key (base64url, 65-byte P-256 point) |
 * | VAPID_PRIVATE_KEY     | (generated)      | its private key (base64url, 32 bytes); both or neither    |
 * | VAPID_SUBJECT         | mailto:push@engage.invalid | VAPID contact: a mailto: or https: URL          |
 * | PUSH_ENDPOINT_ALLOW_HOSTS | (none)       | comma-separated host[:port] push endpoints may use even if private or http |
 * | WEBHOOK_ENDPOINT_ALLOW_HOSTS | (none)    | comma-separated host[:port] webhook endpoints may use even if private or http |
 * | S3_BUCKET             | (unset)          | store uploads in this S3 bucket instead of DATA_DIR/uploads |
 * | S3_REGION             | us-east-1        | the bucket's region (with S3_BUCKET)                     |
 * | S3_ENDPOINT           | (AWS)            | S3-compatible endpoint URL (MinIO, R2...), path-style    |
 * | S3_PUBLIC_URL         | (derived)        | base URL uploaded files are read from (CDN, public bucket) |
 * | RATE_LIMITS           | on               | off disables the rate limits: development only, refused when NODE_ENV=production |
 * | TRUST_PROXY           | 0                | 1: the client address is X-Forwarded-For's first hop (behind a reverse proxy) |
 * | BOT_CHECK, ALTCHA_*, TURNSTILE_* | on / ALTCHA | the human-verification check: see server/botcheck/config.ts |
 * | APP_URL               | the listen address | public origin every absolute link is built from (invitations, upload URLs); never the request's Host |
 * | WEB_CONCURRENCY       | 1                | server processes (node:cluster, server/cluster.ts); with DATABASE_URL only, ignored with a warning on PGlite |
 * | SMTP_URL              | (unset)          | smtp://user:pass@host:port or smtps://...: send mail there; unset: mail stays in the database outbox (`npm run admin -- mail`) |
 * | MAIL_FROM             | Engage <no-reply@localhost> | the From of every message                             |
 * | MAIL_LEASE_S          | 300              | how long one server process owns a message it is sending, seconds (1 to 3,600): past it, a process that stopped mid-send has the message sent again, with the same Message-ID |
 * | EMAIL_DIGEST_INTERVAL_S | 900            | how often non-urgent notifications are emailed as one digest per person and workspace, seconds |
 * | STREAMS_PER_USER      | 10               | most live notification streams (tabs) one person may hold open on one server process, 1 to 100,000 |
 * | REVERIFICATION_WINDOW_S | 600            | how long a factor given in a session allows sensitive changes ('Confirm it's you'), seconds, 1 to 3,600 |
 * | SSO_DEMO_IDP          | on (off when NODE_ENV=production) | the embedded demo OpenID Connect provider for the Umbrella workspace (server/sso/demo-idp.ts) |
 * | SSO_DEMO_IDP_PORT     | 3001             | its port on 127.0.0.1; when taken, a free one; 0 always picks a free one |
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type BotCheckConfig, readBotCheckConfig } from './botcheck/config.ts'
import type { RateLimitOptions } from './http/rate-limit.ts'
import { MAX_STREAMS_PER_USER } from './notifications/stream-limit.ts'
import { readInteger } from './config-values.ts'

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
  /**
   * APP_URL: the public origin (`https://engage.example.com`) absolute links are built from
   * (Host-header poisoning). Undefined: the address the server listens on.
   */
  readonly appUrl: string | undefined
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
  /** RATE_LIMITS (on/off) and TRUST_PROXY (0/1): server/http/rate-limit.ts. */
  readonly rateLimits: RateLimitOptions
  /** Overrides the generated, persisted internal API key when set (server/admin/runtime.ts). */
  readonly internalApiKey: string | undefined
  /**
   * VAPID key pair for Web Push (server/push/vapid.ts), base64url: both set or both undefined
   * (then a pair is generated on first start and kept in `server_secrets`).
   */
  readonly vapidPublicKey: string | undefined
  readonly vapidPrivateKey: string | undefined
  /** VAPID `sub` claim: a `mailto:` or `https:` contact for the push services. */
  readonly vapidSubject: string
  /**
   * Hosts (`host` or `host:port`, lower-case) a push subscription's endpoint may name even when
   * it is http or a private/loopback address (server/http/endpoint-policy.ts). Empty by default.
   */
  readonly pushEndpointAllowHosts: ReadonlyArray<string>
  /** The same for webhook endpoints (server/webhooks/delivery.ts): local receivers, tests. Empty by default. */
  readonly webhookEndpointAllowHosts: ReadonlyArray<string>
  /** The human-verification bot check: ALTCHA (default), Turnstile or off (server/botcheck/config.ts). */
  readonly botCheck: BotCheckConfig
  /**
   * S3-compatible storage for uploads (server/uploads/s3.ts) when S3_BUCKET is set; undefined:
   * uploads go to DATA_DIR/uploads behind this server's signed URLs. Credentials come from the
   * AWS SDK's standard chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE...).
   */
  readonly s3: { readonly bucket: string; readonly region: string; readonly endpoint: string | undefined; readonly publicUrl: string | undefined } | undefined
  /**
   * WEB_CONCURRENCY: how many server processes serve HTTP (server/cluster.ts), 1 to 256. Only with
   * DATABASE_URL: embedded PGlite is served by one process, so main.ts warns and runs one.
   */
  readonly workers: number
  /** Email (server/mail): SMTP_URL (undefined: the outbox only), MAIL_FROM and MAIL_LEASE_S (as ms). */
  readonly mail: { readonly smtpUrl: string | undefined; readonly from: string; readonly leaseMs: number }
  /** EMAIL_DIGEST_INTERVAL_S: seconds between notification digests (10 to 86,400). */
  readonly emailDigestIntervalS: number
  /** STREAMS_PER_USER: most open notification streams per person and server process (server/notifications/routes.ts). */
  readonly streamsPerUser: number
  /** REVERIFICATION_WINDOW_S: how long a factor given in a session allows sensitive changes, seconds (server/auth/reverification.ts). */
  readonly reverificationWindowS: number
  /**
   * SSO_DEMO_IDP and SSO_DEMO_IDP_PORT: the embedded demo identity provider (server/sso/demo-idp.ts),
   * on by default except when NODE_ENV=production; main.ts starts it and points Umbrella at it.
   */
  readonly ssoDemoIdp: { readonly enabled: boolean; readonly port: number }
}

/**
 * Where an app that never listens receives its requests: tests call it in-process
 * (`app.request`), whose requests arrive at Hono's default base, http://localhost.
 */
export const IN_PROCESS_ORIGIN = 'http://localhost'

/**
 * The public origin every absolute link is built from (README "Configuration": APP_URL, else the
 * listen address); the one place APP_URL's fallback is decided. Never the request's Host header,
 * which a client chooses.
 * @param listenOrigin the origin this process listens on (server/main.ts learns it once
 *   listening); {@link IN_PROCESS_ORIGIN} for an app that is only called in-process.
 * @returns a function read at each link, so an origin learned after the app was built is used.
 */
export function publicOriginOf(config: Partial<Pick<ServerConfig, 'appUrl'>>, listenOrigin: () => string = () => IN_PROCESS_ORIGIN): () => string {
  const appUrl = config.appUrl
  return appUrl === undefined ? listenOrigin : () => appUrl
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
  const integer = (name: string, fallback: number, min: number, max: number): number => readInteger(value, problems, name, fallback, min, max)

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

  const rateLimitsSetting = value('RATE_LIMITS')?.toLowerCase() ?? 'on'
  if (rateLimitsSetting !== 'on' && rateLimitsSetting !== 'off') problems.push(`RATE_LIMITS=${JSON.stringify(value('RATE_LIMITS'))} must be on or off`)
  if (rateLimitsSetting === 'off' && value('NODE_ENV') === 'production') {
    problems.push('RATE_LIMITS=off is for local development only and is refused when NODE_ENV=production')
  }
  const trustProxySetting = value('TRUST_PROXY') ?? '0'
  if (trustProxySetting !== '0' && trustProxySetting !== '1') problems.push(`TRUST_PROXY=${JSON.stringify(trustProxySetting)} must be 0 or 1`)

  const internalApiKey = value('INTERNAL_API_KEY')
  if (internalApiKey !== undefined && Buffer.byteLength(internalApiKey, 'utf8') < 32) {
    problems.push('INTERNAL_API_KEY must be at least 32 bytes long (unset it to let the server generate and keep one)')
  }

  const vapidPublicKey = value('VAPID_PUBLIC_KEY')
  const vapidPrivateKey = value('VAPID_PRIVATE_KEY')
  if ((vapidPublicKey === undefined) !== (vapidPrivateKey === undefined)) {
    problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (unset both to let the server generate and keep a pair)')
  }
  if (vapidPublicKey !== undefined && !isBase64UrlOfLength(vapidPublicKey, 65)) {
    problems.push('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes, e.g. from `npx web-push generate-vapid-keys`)')
  }
  if (vapidPrivateKey !== undefined && !isBase64UrlOfLength(vapidPrivateKey, 32)) {
    problems.push('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)')
  }
  const vapidSubject = value('VAPID_SUBJECT') ?? 'mailto:push@engage.invalid'
  if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/i.test(vapidSubject)) {
    problems.push(`VAPID_SUBJECT=${JSON.stringify(vapidSubject)} must be a mailto: address or an https: URL`)
  }
  const allowHosts = (name: string) => {
    const hosts = (value(name) ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter((h) => h !== '')
    for (const host of hosts) {
      if (!/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(host)) problems.push(`${name} entry ${JSON.stringify(host)} must be host or host:port`)
    }
    return hosts
  }
  const pushEndpointAllowHosts = allowHosts('PUSH_ENDPOINT_ALLOW_HOSTS')
  const webhookEndpointAllowHosts = allowHosts('WEBHOOK_ENDPOINT_ALLOW_HOSTS')

  const botCheck = readBotCheckConfig(value, problems)

  const s3Bucket = value('S3_BUCKET')
  const s3Url = (name: string): string | undefined => {
    const raw = value(name)
    if (raw === undefined) return undefined
    try {
      const url = new URL(raw)
      if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '')
    } catch {
      // reported below
    }
    problems.push(`${name}=${JSON.stringify(raw)} must be an http:// or https:// URL`)
    return undefined
  }
  const s3Endpoint = s3Url('S3_ENDPOINT')
  const s3PublicUrl = s3Url('S3_PUBLIC_URL')
  if (s3Bucket !== undefined && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s3Bucket)) {
    problems.push(`S3_BUCKET=${JSON.stringify(s3Bucket)} must be a bucket name (3–63 lower-case letters, digits, dots and hyphens)`)
  }
  if (s3Bucket === undefined && (value('S3_REGION') ?? value('S3_ENDPOINT') ?? value('S3_PUBLIC_URL')) !== undefined) {
    problems.push('S3_REGION, S3_ENDPOINT and S3_PUBLIC_URL need S3_BUCKET (unset them to store uploads in DATA_DIR/uploads)')
  }
  const s3 = s3Bucket === undefined ? undefined : { bucket: s3Bucket, region: value('S3_REGION') ?? 'us-east-1', endpoint: s3Endpoint, publicUrl: s3PublicUrl }

  const workers = integer('WEB_CONCURRENCY', 1, 1, 256)

  const appUrl = ((raw: string | undefined) => {
    if (raw === undefined) return undefined
    try {
      const url = new URL(raw)
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '') return url.origin
    } catch {
      // reported below
    }
    problems.push(`APP_URL=${JSON.stringify(raw)} must be an origin like https://engage.example.com (http or https, no path)`)
    return undefined
  })(value('APP_URL'))

  const smtpUrl = ((raw: string | undefined) => {
    if (raw === undefined) return undefined
    try {
      const url = new URL(raw)
      if ((url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '') return raw
    } catch {
      // reported below
    }
    // The value may hold a password: it is not repeated in the message.
    problems.push('SMTP_URL must be smtp://user:password@host:port or smtps://... (unset it to keep mail in the database outbox)')
    return undefined
  })(value('SMTP_URL'))
  const mailFrom = value('MAIL_FROM') ?? 'Engage <no-reply@localhost>'
  if (!/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) {
    problems.push(`MAIL_FROM=${JSON.stringify(mailFrom)} must be an address, optionally with a name: Engage <no-reply@example.com>`)
  }
  const mailLeaseS = integer('MAIL_LEASE_S', 300, 1, 3_600)
  const emailDigestIntervalS = integer('EMAIL_DIGEST_INTERVAL_S', 900, 10, 86_400)
  const streamsPerUser = integer('STREAMS_PER_USER', MAX_STREAMS_PER_USER, 1, 100_000)
  const reverificationWindowS = integer('REVERIFICATION_WINDOW_S', 600, 1, 3600)
  const ssoDemoSetting = value('SSO_DEMO_IDP')?.toLowerCase() ?? (value('NODE_ENV') === 'production' ? 'off' : 'on')
  if (ssoDemoSetting !== 'on' && ssoDemoSetting !== 'off') problems.push(`SSO_DEMO_IDP=${JSON.stringify(value('SSO_DEMO_IDP'))} must be on or off`)
  const ssoDemoIdpPort = integer('SSO_DEMO_IDP_PORT', 3001, 0, 65535)

  if (problems.length > 0) throw new ConfigError(problems)
  return {
    port,
    host,
    dataDir: path.resolve(cwd, value('DATA_DIR') ?? '.data'),
    databaseUrl,
    accessTokenTtlS,
    refreshTokenTtlS,
    staticDir: path.resolve(cwd, value('STATIC_DIR') ?? 'dist'),
    appUrl,
    appVersion: value('APP_VERSION') ?? packageVersion(),
    jwtSecret,
    bodyLimitBytes: 64 * 1024,
    botCheck,
    waitlistEnabled: waitlist !== 'off',
    rateLimits: { enabled: rateLimitsSetting !== 'off', trustProxy: trustProxySetting === '1' },
    internalApiKey,
    vapidPublicKey,
    vapidPrivateKey,
    vapidSubject,
    pushEndpointAllowHosts,
    webhookEndpointAllowHosts,
    s3,
    workers,
    mail: { smtpUrl, from: mailFrom, leaseMs: mailLeaseS * 1000 },
    emailDigestIntervalS,
    streamsPerUser,
    reverificationWindowS,
    ssoDemoIdp: { enabled: ssoDemoSetting === 'on', port: ssoDemoIdpPort },
  }
}

/** Whether `text` is unpadded base64url of exactly `bytes` bytes. */
function isBase64UrlOfLength(text: string, bytes: number): boolean {
  return /^[A-Za-z0-9_-]+$/.test(text) && Buffer.from(text, 'base64url').length === bytes && text.length === Math.ceil((bytes * 4) / 3)
}

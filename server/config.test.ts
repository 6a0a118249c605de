import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, IN_PROCESS_ORIGIN, loadConfig, packageVersion, publicOriginOf } from './config.ts'

describe('loadConfig', () => {
  test('Scenario: defaults', () => {
    const config = loadConfig({}, '/srv/engage')
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/engage/.data'),
      databaseUrl: undefined,
      accessTokenTtlS: 300,
      refreshTokenTtlS: 2_592_000,
      staticDir: path.resolve('/srv/engage/dist'),
      appVersion: packageVersion(),
      jwtSecret: undefined,
      bodyLimitBytes: 65_536,
      waitlistEnabled: true,
      rateLimits: { enabled: true, trustProxy: false },
      internalApiKey: undefined,
      botCheck: { provider: 'altcha', cost: 2000, counterMax: 200 },
      vapidPublicKey: undefined,
      vapidPrivateKey: undefined,
      vapidSubject: 'mailto:push@engage.invalid',
      pushEndpointAllowHosts: [],
      webhookEndpointAllowHosts: [],
      s3: undefined,
      workers: 1,
      mail: { smtpUrl: undefined, from: 'Engage <no-reply@localhost>', leaseMs: 300_000 },
      emailDigestIntervalS: 900,
      streamsPerUser: 10,
      reverificationWindowS: 600,
      ssoDemoIdp: { enabled: true, port: 3001 },
    })
  })

  test('Scenario: SSO_DEMO_IDP is on by default, off by default in production, and only on or off', () => {
    expect(loadConfig({ NODE_ENV: 'production', RATE_LIMITS: 'on' }).ssoDemoIdp.enabled).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', SSO_DEMO_IDP: 'on' }).ssoDemoIdp.enabled).toBe(true)
    expect(loadConfig({ SSO_DEMO_IDP: 'off', SSO_DEMO_IDP_PORT: '0' }).ssoDemoIdp).toEqual({ enabled: false, port: 0 })
    expect(() => loadConfig({ SSO_DEMO_IDP: 'maybe' })).toThrow(/SSO_DEMO_IDP="maybe" must be on or off/)
    expect(() => loadConfig({ SSO_DEMO_IDP_PORT: '70000' })).toThrow(/SSO_DEMO_IDP_PORT/)
  })

  test('Scenario: REVERIFICATION_WINDOW_S sets how long a factor allows sensitive changes (600 s by default); out of range is refused', () => {
    expect(loadConfig({ REVERIFICATION_WINDOW_S: '5' }).reverificationWindowS).toBe(5)
    for (const bad of ['0', '3601', 'soon', '1.5']) expect(() => loadConfig({ REVERIFICATION_WINDOW_S: bad })).toThrow(/REVERIFICATION_WINDOW_S/)
  })

  test('Scenario: STREAMS_PER_USER sets the open-stream cap per person (10 by default); out of range or not a number is refused', () => {
    expect(loadConfig({ STREAMS_PER_USER: '1000' }).streamsPerUser).toBe(1000)
    for (const bad of ['0', '-1', '100001', 'many', '1.5']) expect(() => loadConfig({ STREAMS_PER_USER: bad })).toThrow(/STREAMS_PER_USER/)
  })

  test('Scenario: SMTP_URL, MAIL_FROM and EMAIL_DIGEST_INTERVAL_S; bad ones named, no password repeated', () => {
    const config = loadConfig({ SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465', MAIL_FROM: 'Engage <hello@example.com>', EMAIL_DIGEST_INTERVAL_S: '60' })
    expect(config.mail).toEqual({ smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465', from: 'Engage <hello@example.com>', leaseMs: 300_000 })
    expect(loadConfig({ MAIL_LEASE_S: '2' }).mail.leaseMs).toBe(2_000)
    expect(config.emailDigestIntervalS).toBe(60)
    expect(loadConfig({ MAIL_FROM: 'hello@example.com' }).mail.from).toBe('hello@example.com')
    try {
      loadConfig({ SMTP_URL: 'http://user:hunter2@smtp.example.com', MAIL_FROM: 'Engage\r\nBcc: x@evil.test <a@b.c>', EMAIL_DIGEST_INTERVAL_S: '5' })
      expect.unreachable()
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError)
      const problems = (error as ConfigError).problems
      expect(problems).toHaveLength(3)
      expect(problems[0]).toMatch(/^SMTP_URL must be smtp:/)
      expect(problems.join('\n')).not.toContain('hunter2')
      expect(problems[1]).toMatch(/^MAIL_FROM=/)
      expect(problems[2]).toMatch(/^EMAIL_DIGEST_INTERVAL_S/)
    }
  })

  test('Scenario: WEB_CONCURRENCY sets the number of server processes; a bad one is named', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '4', DATABASE_URL: 'postgres://db/engage' }).workers).toBe(4)
    // Kept as given without DATABASE_URL: main.ts warns and runs one process (embedded PGlite).
    expect(loadConfig({ WEB_CONCURRENCY: '2' }).workers).toBe(2)
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' })).toThrow(/WEB_CONCURRENCY="0" must be a whole number from 1 to 256/)
    expect(() => loadConfig({ WEB_CONCURRENCY: 'auto' })).toThrow(/WEB_CONCURRENCY/)
  })

  test('Scenario: VAPID keys and the push endpoint allow-list from the environment; bad ones named', () => {
    const publicKey = `B${'A'.repeat(86)}`
    const privateKey = 'A'.repeat(43)
    const config = loadConfig({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'https://engage.example/contact',
      PUSH_ENDPOINT_ALLOW_HOSTS: ' 127.0.0.1:8080, Push.Example.test ',
    })
    expect(config).toMatchObject({
      vapidPublicKey: publicKey,
      vapidPrivateKey: privateKey,
      vapidSubject: 'https://engage.example/contact',
      pushEndpointAllowHosts: ['127.0.0.1:8080', 'push.example.test'],
    })
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/set together/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY must be/)
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'A'.repeat(20) })).toThrow(/VAPID_PRIVATE_KEY must be/)
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://insecure.example' })).toThrow(/VAPID_SUBJECT/)
    expect(() => loadConfig({ PUSH_ENDPOINT_ALLOW_HOSTS: 'http://127.0.0.1' })).toThrow(/PUSH_ENDPOINT_ALLOW_HOSTS/)
  })

  test('Scenario: the webhook endpoint allow-list from the environment, read like the push one; a bad entry named', () => {
    expect(loadConfig({ WEBHOOK_ENDPOINT_ALLOW_HOSTS: ' 127.0.0.1:9000, Hooks.Internal ' }).webhookEndpointAllowHosts).toEqual(['127.0.0.1:9000', 'hooks.internal'])
    expect(() => loadConfig({ WEBHOOK_ENDPOINT_ALLOW_HOSTS: 'https://hooks.internal' })).toThrow(/WEBHOOK_ENDPOINT_ALLOW_HOSTS entry/)
  })

  test('Scenario: values from the environment', () => {
    const config = loadConfig(
      {
        PORT: '0',
        HOST: '0.0.0.0',
        DATA_DIR: '/var/lib/engage',
        DATABASE_URL: 'postgres://u:p@db:5432/engage',
        ACCESS_TOKEN_TTL_S: '60',
        REFRESH_TOKEN_TTL_S: '3600',
        STATIC_DIR: 'public',
        APP_VERSION: '2.0.0',
        JWT_SECRET: 'x'.repeat(32),
        WAITLIST: 'OFF',
        INTERNAL_API_KEY: 'k'.repeat(32),
      },
      '/srv',
    )
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/var/lib/engage',
      databaseUrl: 'postgres://u:p@db:5432/engage',
      accessTokenTtlS: 60,
      refreshTokenTtlS: 3600,
      staticDir: path.resolve('/srv/public'),
      appVersion: '2.0.0',
      waitlistEnabled: false,
      internalApiKey: 'k'.repeat(32),
    })
  })

  test('Scenario: APP_URL is the public origin links are built from; anything but an origin is refused', () => {
    expect(loadConfig({}).appUrl).toBeUndefined()
    expect(loadConfig({ APP_URL: 'https://engage.example.com' }).appUrl).toBe('https://engage.example.com')
    expect(loadConfig({ APP_URL: 'https://engage.example.com/' }).appUrl).toBe('https://engage.example.com')
    for (const bad of ['engage.example.com', 'javascript:alert(1)', 'https://engage.example.com/app', 'https://u:p@engage.example.com', 'ftp://engage.example.com']) {
      expect(() => loadConfig({ APP_URL: bad }), bad).toThrow(/APP_URL/)
    }
  })

  test('Scenario: without APP_URL links use the listen address, read when a link is built; in-process, http://localhost', () => {
    let listening = 'http://127.0.0.1:3000'
    const fromListen = publicOriginOf(loadConfig({}), () => listening)
    listening = 'http://127.0.0.1:41234'
    expect(fromListen()).toBe('http://127.0.0.1:41234')
    expect(publicOriginOf(loadConfig({}))()).toBe(IN_PROCESS_ORIGIN)
    expect(IN_PROCESS_ORIGIN).toBe('http://localhost')
    expect(publicOriginOf(loadConfig({ APP_URL: 'https://engage.example.com' }), () => listening)()).toBe('https://engage.example.com')
  })

  test('Scenario: every bad value is reported at once, by name', () => {
    let error: unknown
    try {
      loadConfig({
        PORT: 'eighty',
        ACCESS_TOKEN_TTL_S: '-5',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        WAITLIST: 'maybe',
        INTERNAL_API_KEY: 'short',
      })
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(ConfigError)
    const problems = (error as ConfigError).problems.join('\n')
    expect(problems).toContain('PORT="eighty"')
    expect(problems).toContain('ACCESS_TOKEN_TTL_S')
    expect(problems).toContain('DATABASE_URL')
    expect(problems).toContain('JWT_SECRET')
    expect(problems).toContain('WAITLIST="maybe" must be on or off')
    expect(problems).toContain('INTERNAL_API_KEY')
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/)
    expect(() => loadConfig({ ACCESS_TOKEN_TTL_S: '600', REFRESH_TOKEN_TTL_S: '300' })).toThrow(/longer than/)
  })
})

describe('loadConfig: the bot check (SPEC §2.6, §4 Human verification)', () => {
  test('Scenario: ALTCHA by default, its cost from the environment', () => {
    expect(loadConfig({}).botCheck).toEqual({ provider: 'altcha', cost: 2000, counterMax: 200 })
    expect(loadConfig({ ALTCHA_COST: '50', ALTCHA_COUNTER_MAX: '10' }).botCheck).toEqual({ provider: 'altcha', cost: 50, counterMax: 10 })
    expect(() => loadConfig({ ALTCHA_COST: '0' })).toThrow(/ALTCHA_COST="0"/)
    expect(() => loadConfig({ ALTCHA_COUNTER_MAX: 'many' })).toThrow(/ALTCHA_COUNTER_MAX/)
  })

  test('Scenario: Turnstile when both keys are set; one alone is refused', () => {
    expect(loadConfig({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret', TURNSTILE_EXPECTED_HOSTNAME: 'App.Example.com' }).botCheck).toEqual({
      provider: 'turnstile',
      siteKey: 'site',
      secretKey: 'secret',
      expectedHostname: 'app.example.com',
    })
    expect(loadConfig({ TURNSTILE_SITE_KEY: 'site', TURNSTILE_SECRET_KEY: 'secret' }).botCheck).toMatchObject({ expectedHostname: undefined })
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'site' })).toThrow(/set together/)
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 's', TURNSTILE_SECRET_KEY: 'k', TURNSTILE_EXPECTED_HOSTNAME: 'https://x.test/' })).toThrow(
      /TURNSTILE_EXPECTED_HOSTNAME/,
    )
  })

  test('Scenario: BOT_CHECK=off turns the gate off, except in production', () => {
    expect(loadConfig({ BOT_CHECK: 'off' }).botCheck).toEqual({ provider: 'off' })
    expect(loadConfig({ BOT_CHECK: 'OFF', NODE_ENV: 'development', TURNSTILE_SITE_KEY: 's', TURNSTILE_SECRET_KEY: 'k' }).botCheck).toEqual({ provider: 'off' })
    expect(() => loadConfig({ BOT_CHECK: 'off', NODE_ENV: 'production' })).toThrow(/BOT_CHECK=off is for local development only/)
    expect(() => loadConfig({ BOT_CHECK: 'maybe' })).toThrow(/BOT_CHECK="maybe" must be on or off/)
    expect(loadConfig({ BOT_CHECK: 'on', NODE_ENV: 'production' }).botCheck.provider).toBe('altcha')
  })

  test('Scenario: S3 storage for uploads from the environment; bad values named', () => {
    expect(loadConfig({ S3_BUCKET: 'engage-uploads' }).s3).toEqual({ bucket: 'engage-uploads', region: 'us-east-1', endpoint: undefined, publicUrl: undefined })
    expect(
      loadConfig({ S3_BUCKET: 'engage-uploads', S3_REGION: 'eu-west-3', S3_ENDPOINT: 'http://minio.local:9000/', S3_PUBLIC_URL: 'https://cdn.example.com/files' }).s3,
    ).toEqual({ bucket: 'engage-uploads', region: 'eu-west-3', endpoint: 'http://minio.local:9000', publicUrl: 'https://cdn.example.com/files' })
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET="Bad_Bucket"/)
    expect(() => loadConfig({ S3_BUCKET: 'engage-uploads', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT="ftp:\/\/x" must be an http/)
    expect(() => loadConfig({ S3_PUBLIC_URL: 'javascript:alert(1)', S3_BUCKET: 'engage-uploads' })).toThrow(/S3_PUBLIC_URL/)
    expect(() => loadConfig({ S3_REGION: 'eu-west-3' })).toThrow(/need S3_BUCKET/)
  })

  test('Scenario: RATE_LIMITS and TRUST_PROXY; off refused in production; bad values named', () => {
    expect(loadConfig({ RATE_LIMITS: 'OFF', TRUST_PROXY: '1' }).rateLimits).toEqual({ enabled: false, trustProxy: true })
    expect(() => loadConfig({ RATE_LIMITS: 'off', NODE_ENV: 'production' })).toThrow(/RATE_LIMITS=off is for local development only/)
    expect(() => loadConfig({ RATE_LIMITS: 'maybe', TRUST_PROXY: 'yes' })).toThrow(ConfigError)
    try {
      loadConfig({ RATE_LIMITS: 'maybe', TRUST_PROXY: 'yes' })
    } catch (error) {
      expect(String(error)).toMatch(/RATE_LIMITS="maybe" must be on or off/)
      expect(String(error)).toMatch(/TRUST_PROXY="yes" must be 0 or 1/)
    }
  })
})

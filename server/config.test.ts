import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { ConfigError, loadConfig, packageVersion } from './config.ts'

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
      internalApiKey: undefined,
    })
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

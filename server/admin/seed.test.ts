import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { loadSigningKey, signAccessToken, verifyAccessToken } from '../auth/access-token.ts'
import { verifyPassword } from '../auth/password.ts'
import { startTestServer, type TestServer } from '../test/harness.ts'
import { DataDirInUseError, openDatabase } from '../db/client.ts'
import { permissionSets, users } from '../db/schema.ts'
import { DEMO_PASSWORD, prepareDatabase } from './seed.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('seed', () => {
  test('Scenario: the demo data is exactly as documented', async () => {
    expect(await server.rowCounts()).toMatchObject({
      users: 5,
      organizations: 5,
      memberships: 6,
      permission_sets: 9,
      member_permission_sets: 6,
    })
    const rows = await server.handle.db.select({ email: users.email, hash: users.passwordHash }).from(users)
    expect(rows.map((r) => r.email).sort()).toEqual([
      'admin@acme.test',
      'agent@acme.test',
      'newbie@initech.test',
      'sso@umbrella.test',
      'waiting@waitlist.test',
    ])
    expect(rows[0]?.hash).toMatch(/^scrypt\$32768\$8\$1\$/)
    expect(await verifyPassword(DEMO_PASSWORD, rows[0]?.hash ?? '')).toBe(true)
  })

  test('Scenario: a second start does not seed again', async () => {
    const before = await server.rowCounts()
    expect(await prepareDatabase(server.handle)).toEqual({ seeded: false })
    expect(await server.rowCounts()).toEqual(before)
  })

  test('Scenario: system sets are upserted at every start, keeping their ids', async () => {
    const db = server.handle.db
    const [original] = await db.select().from(permissionSets).where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    await db
      .update(permissionSets)
      .set({ name: 'Edited', permissions: [] })
      .where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    await prepareDatabase(server.handle)
    const [restored] = await db.select().from(permissionSets).where(eq(permissionSets.permissionSetKey, 'TEAM_MEMBER'))
    expect(restored).toEqual(original)
  })
})

describe('a database on disk (DATA_DIR)', () => {
  let dataDir: string
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'engage-data-'))
  })
  afterAll(() => rm(dataDir, { recursive: true, force: true }))

  test('Scenario: restart keeps the data, seeds once, keeps the signing key; one process per directory', async () => {
    const first = await openDatabase({ databaseUrl: undefined, dataDir })
    let token: string
    try {
      expect(await prepareDatabase(first)).toEqual({ seeded: true })
      const key = await loadSigningKey(first.db, undefined)
      token = await signAccessToken(key, 'user-1', Math.floor(Date.now() / 1000), 300)
      await expect(openDatabase({ databaseUrl: undefined, dataDir })).rejects.toBeInstanceOf(DataDirInUseError)
    } finally {
      await first.close()
    }

    const second = await openDatabase({ databaseUrl: undefined, dataDir })
    try {
      expect(await prepareDatabase(second)).toEqual({ seeded: false })
      expect(await second.db.$count(users)).toBe(5)
      // A token signed before the restart still verifies: the key was persisted, not regenerated.
      const key = await loadSigningKey(second.db, undefined)
      expect(await verifyAccessToken(key, token, Math.floor(Date.now() / 1000))).toBe('user-1')
    } finally {
      await second.close()
    }
  })
})

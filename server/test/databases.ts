/**
 * The two databases a server scenario runs on (tests that describe the same scenarios on PGlite
 * and on PostgreSQL): each opened migrated and seeded with the demo data, as the server's start
 * prepares it.
 */
import { prepareDatabase } from '../admin/seed.ts'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'
import type { ThrowAwayDatabase } from './local-postgres.ts'

/** A prepared PGlite database in memory. */
export async function preparedPglite(): Promise<DatabaseHandle> {
  const handle = await openDatabase({ memory: true })
  await prepareDatabase(handle)
  return handle
}

/** `open` creates and prepares the throw-away PostgreSQL database; `close` drops it. */
export function preparedPostgres(database: ThrowAwayDatabase): { open: () => Promise<DatabaseHandle>; close: () => Promise<void> } {
  return {
    open: async () => {
      await database.create()
      const handle = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' })
      await prepareDatabase(handle)
      return handle
    },
    close: () => database.drop(),
  }
}

/**
 * Run as a child process by bench/lib/app.ts: `node --import tsx bench/lib/seed-notifications.ts
 * <DATA_DIR> <count>`. Opens the PGlite data directory directly (no server may hold it: PGlite
 * serves one process per directory), prepares it as the server would (migrations, demo data), adds
 * `count` notifications for admin@acme.test in Acme Support in one `insert … select
 * generate_series`, and closes it. The bench rows are all unread and older than the demo ones
 * (11 days and more, one minute apart), so page 1 still shows the demo data.
 *
 * Prints `seeded <count>` on success; exits non-zero with the error otherwise.
 */
import { sql } from 'drizzle-orm'
import { NotificationCategories } from '../../contract/notifications.ts'
import { openDatabase } from '../../server/db/client.ts'
import { prepareDatabase } from '../../server/admin/seed.ts'

const [dataDir, countArg] = process.argv.slice(2)
const count = Number(countArg)
if (dataDir === undefined || !Number.isSafeInteger(count) || count < 0) {
  console.error('usage: seed-notifications.ts <DATA_DIR> <count>')
  process.exit(2)
}

const handle = await openDatabase({ databaseUrl: undefined, dataDir })
try {
  await prepareDatabase(handle)
  const categories = sql.raw(`array[${NotificationCategories.map((c) => `'${c}'`).join(',')}]`)
  await handle.db.execute(sql`
    insert into notifications (id, user_id, org_id, title, body, category, priority, created_at)
    select gen_random_uuid()::text, u.id, o.id,
           'Bench notification ' || g, 'Body of bench notification ' || g || ' of ' || ${count}::int,
           (${categories})[1 + g % ${NotificationCategories.length}::int], 'normal',
           now() - interval '11 days' - g * interval '1 minute'
    from generate_series(1, ${count}::int) as g,
         users u, organizations o
    where u.email = 'admin@acme.test' and o.name = 'Acme Support'`)
  console.log(`seeded ${count}`)
} finally {
  await handle.close()
}

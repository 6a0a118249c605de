/**
 * `npm run admin -- copy-to-postgres <DATABASE_URL>` (from the embedded database to
 * PostgreSQL): copies every table of the PGlite database in DATA_DIR into an empty PostgreSQL
 * database, secrets included (`server_secrets`: the signing key, the VAPID pair, the upload key),
 * so sessions and push subscriptions survive the move; then checks that every table has the same
 * number of rows on both sides. Uploaded files stay in DATA_DIR/uploads (run the servers with the
 * same DATA_DIR and their links keep working), or, with `--uploads-to-s3`, are put into the S3
 * bucket of S3_BUCKET (+ S3_REGION, S3_ENDPOINT, S3_PUBLIC_URL, AWS credentials) under the keys the
 * S3 storage uses, and the links to them (profile photos, bug-report screenshots) are rewritten to
 * the bucket's URLs inside the same transaction. A failed put rolls the database back (objects
 * already put stay in the bucket, unreferenced).
 *
 * How: both databases are migrated to the same schema first; the target must have no row in any
 * of Engage's tables. Tables are copied in foreign-key order, in batches, through JSON
 * (`json_agg` on the source, `json_populate_recordset` on the target), so PostgreSQL itself
 * converts every value (jsonb, timestamps, bigints) exactly. A foreign key that closes a cycle
 * (organizations.created_by → users, users.default_org_id → organizations) is written NULL first
 * and set once both tables are in. Everything is one transaction on the target: a failure leaves
 * it empty.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type DatabaseHandle, openDatabase, rowsOf } from '../db/client.ts'
import { publicObjectUrl, s3ClientFor, type S3Settings } from '../uploads/s3.ts'

/** `--uploads-to-s3`: where the files go (the S3 settings of the configuration) and, for tests, the client. */
export interface UploadsToS3 {
  readonly settings: S3Settings
  readonly client?: S3Client
}

/** Rows per INSERT batch. */
export const COPY_BATCH_ROWS = 1_000

/** One table of the public schema with what the copy needs to know about it. */
interface TableInfo {
  readonly name: string
  readonly primaryKey: ReadonlyArray<string>
  /** Foreign keys: the columns (one column each here) and the table they point at. */
  readonly references: ReadonlyArray<{ readonly column: string; readonly table: string }>
}

/** What was copied: rows per table, equal on both sides, and the files put into S3. */
export interface CopyReport {
  readonly tables: ReadonlyArray<{ readonly table: string; readonly rows: number }>
  readonly filesToS3: number
}

/** Refused: the target already holds data, or the source is in use. */
export class CopyRefusedError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CopyRefusedError'
  }
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`

/** The tables of the public schema with their primary keys and single-column foreign keys, read from the catalog. */
async function readTables(client: pg.Client): Promise<TableInfo[]> {
  const tables = await client.query<{ name: string }>(`select tablename as name from pg_tables where schemaname = 'public' order by tablename`)
  const keys = await client.query<{ table: string; column: string }>(
    `select c.conrelid::regclass::text as table, a.attname as column
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'p' and c.connamespace = 'public'::regnamespace`,
  )
  const references = await client.query<{ table: string; column: string; target: string }>(
    `select c.conrelid::regclass::text as table, a.attname as column, c.confrelid::regclass::text as target
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
  )
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1')
  return tables.rows.map(({ name }) => ({
    name,
    primaryKey: keys.rows.filter((k) => unquote(k.table) === name).map((k) => k.column),
    references: references.rows.filter((r) => unquote(r.table) === name).map((r) => ({ column: r.column, table: unquote(r.target) })),
  }))
}

/**
 * Orders tables so each comes after the tables it references; a reference that would close a
 * cycle is returned in `deferred` (its column is written NULL, then set after every table is in).
 * Self-references are deferred too.
 */
export function copyOrder(tables: ReadonlyArray<TableInfo>): { order: string[]; deferred: Map<string, string[]> } {
  const byName = new Map(tables.map((t) => [t.name, t]))
  const order: string[] = []
  const deferred = new Map<string, string[]>()
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (name: string) => {
    state.set(name, 'visiting')
    for (const ref of byName.get(name)?.references ?? []) {
      const seen = state.get(ref.table)
      if (seen === 'done' || !byName.has(ref.table)) continue
      if (seen === 'visiting') {
        deferred.set(name, [...(deferred.get(name) ?? []), ref.column])
        continue
      }
      visit(ref.table)
    }
    state.set(name, 'done')
    order.push(name)
  }
  for (const table of tables) if (!state.has(table.name)) visit(table.name)
  return { order, deferred }
}

/**
 * Copies the PGlite database of `dataDir` into the PostgreSQL database at `targetUrl`.
 * @throws CopyRefusedError when the target holds data, or DataDirInUseError (server/db/client.ts)
 *   when a server holds the data directory; a failed copy rolls back and rethrows.
 */
export async function copyToPostgres(dataDir: string, targetUrl: string, log: (line: string) => void = () => {}, uploadsToS3?: UploadsToS3): Promise<CopyReport> {
  const source: DatabaseHandle = await openDatabase({ databaseUrl: undefined, dataDir })
  let target: DatabaseHandle | undefined
  const client = new pg.Client({ connectionString: targetUrl })
  try {
    await source.migrate()
    target = await openDatabase({ databaseUrl: targetUrl, dataDir })
    await target.migrate()
    await target.close()
    await client.connect()
    const tables = await readTables(client)
    const nonEmpty: string[] = []
    for (const table of tables) {
      const { rows } = await client.query<{ present: boolean }>(`select exists (select 1 from ${quote(table.name)}) as present`)
      if (rows[0]?.present) nonEmpty.push(table.name)
    }
    if (nonEmpty.length > 0) {
      throw new CopyRefusedError(`The target database is not empty (rows in ${nonEmpty.join(', ')}): copy into a new, empty database.`)
    }
    const { order, deferred } = copyOrder(tables)
    const byName = new Map(tables.map((t) => [t.name, t]))
    await client.query('begin')
    const counts: Array<{ table: string; rows: number }> = []
    for (const name of order) {
      const nulled = deferred.get(name) ?? []
      let copied = 0
      for (;;) {
        const [batch] = rowsOf<{ rows: Array<Record<string, unknown>> | null }>(
          await source.db.execute(sql.raw(`select json_agg(t) as rows from (select * from ${quote(name)} order by ctid limit ${COPY_BATCH_ROWS} offset ${copied}) t`)),
        )
        const rows = batch?.rows ?? []
        if (rows.length === 0) break
        const inserted = nulled.length === 0 ? rows : rows.map((row) => ({ ...row, ...Object.fromEntries(nulled.map((column) => [column, null])) }))
        await client.query(`insert into ${quote(name)} select * from json_populate_recordset(null::${quote(name)}, $1::json)`, [JSON.stringify(inserted)])
        copied += rows.length
        if (rows.length < COPY_BATCH_ROWS) break
      }
      counts.push({ table: name, rows: copied })
      log(`  ${name}: ${copied} row${copied === 1 ? '' : 's'}`)
    }
    // The references written NULL above, now that the rows they point at are in.
    for (const [name, columns] of deferred) {
      const key = byName.get(name)?.primaryKey ?? []
      if (key.length === 0) throw new Error(`${name} has a cyclic foreign key but no primary key to set it by`)
      const [all] = rowsOf<{ rows: Array<Record<string, unknown>> | null }>(
        await source.db.execute(sql.raw(`select json_agg(json_build_object(${[...key, ...columns].map((c) => `'${c}', ${quote(c)}`).join(', ')})) as rows from ${quote(name)} where ${columns.map((c) => `${quote(c)} is not null`).join(' or ')}`)),
      )
      if (!all?.rows?.length) continue
      await client.query(
        `update ${quote(name)} t set ${columns.map((c) => `${quote(c)} = v.${quote(c)}`).join(', ')}
           from json_populate_recordset(null::${quote(name)}, $1::json) v where ${key.map((c) => `t.${quote(c)} = v.${quote(c)}`).join(' and ')}`,
        [JSON.stringify(all.rows)],
      )
    }
    const filesToS3 = uploadsToS3 === undefined ? 0 : await moveUploadsToS3(client, path.join(dataDir, 'uploads'), uploadsToS3, log)
    // Checked inside the transaction: a mismatch rolls everything back.
    for (const { table, rows } of counts) {
      const [sourceCount] = rowsOf<{ n: number }>(await source.db.execute(sql.raw(`select count(*)::int as n from ${quote(table)}`)))
      const { rows: targetCount } = await client.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`)
      if (sourceCount?.n !== rows || targetCount[0]?.n !== rows) {
        throw new Error(`Row counts differ for ${table}: source ${sourceCount?.n}, copied ${rows}, target ${targetCount[0]?.n}`)
      }
    }
    await client.query('commit')
    return { tables: counts, filesToS3 }
  } catch (error) {
    await client.query('rollback').catch(() => {})
    throw error
  } finally {
    await client.end().catch(() => {})
    await target?.close()
    await source.close()
  }
}

/**
 * Puts every finished local upload into the bucket as `uploads/<key>/<file name>` (the S3
 * storage's key shape), renames its row, and points the links to it (users.image,
 * bug_reports.screenshot_url: `…/api/data-storage/files/<key>/…` on any origin) at the object's
 * public URL. Runs inside the copy's transaction on `client`. Returns the number of files put.
 * @throws the S3 client's error for a refused put; a missing file is skipped with a line in the log.
 */
async function moveUploadsToS3(client: pg.Client, uploadsDir: string, target: UploadsToS3, log: (line: string) => void): Promise<number> {
  const s3 = target.client ?? s3ClientFor(target.settings)
  const { rows } = await client.query<{ key: string; file_name: string; content_type: string }>(
    `select key, file_name, content_type from uploads where uploaded_at is not null order by key`,
  )
  let moved = 0
  for (const row of rows) {
    const body = await readFile(path.join(uploadsDir, row.key)).catch(() => undefined)
    if (body === undefined) {
      log(`  upload ${row.key}: no file in ${uploadsDir}, left as it is`)
      continue
    }
    const key = `uploads/${row.key}/${row.file_name}`
    await s3.send(new PutObjectCommand({ Bucket: target.settings.bucket, Key: key, Body: body, ContentType: row.content_type }))
    await client.query(`update uploads set key = $1 where key = $2`, [key, row.key])
    const url = publicObjectUrl(target.settings, key)
    // LIKE metacharacters cannot occur: keys are base64url (UPLOAD_KEY_PATTERN), which has no % and only `_`, escaped here.
    const pattern = `%/api/data-storage/files/${row.key.replaceAll('_', '\\_')}/%`
    await client.query(`update users set image = $1 where image like $2`, [url, pattern])
    await client.query(`update bug_reports set screenshot_url = $1 where screenshot_url like $2`, [url, pattern])
    moved += 1
  }
  log(`  uploads: ${moved} file${moved === 1 ? '' : 's'} put into s3://${target.settings.bucket}`)
  return moved
}

/**
 * CSV straight from the database: `COPY (SELECT …) TO STDOUT WITH (FORMAT csv)`,
 * the bytes PostgreSQL writes handed on as they come, so a large export costs about what the
 * database's own COPY costs instead of the driver turning every field into a JavaScript string
 * first (docs/performance.md "Large workspaces").
 *
 * On PostgreSQL the COPY streams through one pooled connection (pg-copy-streams); embedded PGlite
 * has no COPY stream and writes the whole result into a Blob (`TO '/dev/blob'`), one chunk, so its
 * callers keep the row count bounded.
 *
 * The format, whichever driver, is PostgreSQL's CSV: commas between fields, `\n` after each record,
 * a value double-quoted (its quotes doubled) when it holds a comma, a quote, a line break or is
 * empty (or is `\.`), a null as an empty unquoted field.
 */
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { to as copyToStream } from 'pg-copy-streams'
import type { Database } from './client.ts'

const dialect = new PgDialect()

/**
 * `statement` as one SQL text with its parameters written in as literals, since COPY takes no
 * parameters: strings through node-postgres' `escapeLiteral` (standard_conforming_strings is on
 * in every supported PostgreSQL), finite numbers as they are.
 * @throws TypeError for a parameter of any other type (the callers pass only texts and counts).
 */
export function inlineParameters(statement: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(statement)
  // One pass over Drizzle's text, so a `$2` inside a written-in value is never read as a parameter.
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1]
    if (typeof value === 'string') return pg.escapeLiteral(value)
    if (typeof value === 'number' && Number.isFinite(value)) return String(value)
    throw new TypeError(`COPY parameter $${n} is a ${typeof value}, not a text or a finite number`)
  })
}

/**
 * The rows of `select` as CSV bytes (the format above), read by one COPY.
 * Breaking out of the iteration (a download cancelled) ends the COPY and gives the connection back.
 * @throws the driver's error, when the statement fails or the connection is lost mid-way.
 */
export async function* copyCsv(db: Database, select: SQL): AsyncGenerator<Uint8Array> {
  // The target is written by this module alone, never found in the statement's text: a written-in
  // value may hold any words.
  const copyTo = (target: string) => `copy (${inlineParameters(select)}) to ${target} with (format csv)`
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client
  if (client instanceof pg.Pool) {
    const connection = await client.connect()
    let complete = false
    try {
      for await (const chunk of connection.query(copyToStream(copyTo('stdout'))) as AsyncIterable<Buffer>) yield chunk
      complete = true
    } finally {
      // A COPY left unfinished (the reader stopped, or it failed) leaves the connection mid-protocol:
      // it is closed rather than handed to the next query.
      connection.release(complete ? undefined : new Error('COPY ended before its last row'))
    }
    return
  }
  const result = await client.query(copyTo("'/dev/blob'"))
  if (result.blob !== undefined) yield new Uint8Array(await result.blob.arrayBuffer())
}

/**
 * CSV straight from the database: `COPY (SELECT …) TO STDOUT WITH (FORMAT csv, FORCE_QUOTE *)`,
 * the bytes PostgreSQL writes handed on as they come, so a large export costs about what the
 * database's own COPY costs instead of the driver turning every field into a JavaScript string
 * first (docs/performance.md "Large workspaces").
 *
 * On PostgreSQL the COPY streams through one pooled connection (pg-copy-streams); embedded PGlite
 * has no COPY stream and writes the whole result into a Blob (`TO '/dev/blob'`), one chunk, so its
 * callers keep the row count bounded.
 *
 * The format, whichever driver: every non-null value double-quoted (quotes doubled), a null as an
 * empty unquoted field, commas between fields, and `\n` after each record (PostgreSQL's COPY has no
 * other line end; {@link crlfRecordEnds} makes them RFC 4180's CRLF).
 */
import type { PGlite } from '@electric-sql/pglite'
import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
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
  const statement = `copy (${inlineParameters(select)}) to stdout with (format csv, force_quote *)`
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client
  if (client instanceof pg.Pool) {
    const connection = await client.connect()
    let complete = false
    try {
      for await (const chunk of connection.query(copyTo(statement)) as AsyncIterable<Buffer>) yield chunk
      complete = true
    } finally {
      // A COPY left unfinished (the reader stopped, or it failed) leaves the connection mid-protocol:
      // it is closed rather than handed to the next query.
      connection.release(complete ? undefined : new Error('COPY ended before its last row'))
    }
    return
  }
  const result = await client.query(statement.replace(/ to stdout /, " to '/dev/blob' "))
  if (result.blob !== undefined) yield new Uint8Array(await result.blob.arrayBuffer())
}

/**
 * A transform of CSV bytes from {@link copyCsv} that ends each record with CRLF (RFC 4180): a `\n`
 * outside quotes becomes `\r\n`; line breaks inside a quoted value stay as they are. Keeps the
 * inside/outside-quotes state across chunks, so records may be cut anywhere.
 * @returns a function to call with each chunk in order, returning the chunk rewritten.
 */
export function crlfRecordEnds(): (chunk: Uint8Array) => Uint8Array {
  let quoted = false
  return (chunk) => {
    // First the count of record ends, to size the output once.
    let ends = 0
    let inside = quoted
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]
      if (byte === 0x22) inside = !inside
      else if (byte === 0x0a && !inside) ends++
    }
    if (ends === 0) {
      quoted = inside
      return chunk
    }
    const out = new Uint8Array(chunk.length + ends)
    let from = 0
    let to = 0
    inside = quoted
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]
      if (byte === 0x22) inside = !inside
      else if (byte === 0x0a && !inside) {
        out.set(chunk.subarray(from, i), to)
        to += i - from
        out[to++] = 0x0d
        from = i
      }
    }
    out.set(chunk.subarray(from), to)
    quoted = inside
    return out
  }
}

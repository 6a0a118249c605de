/**
 * Named prepared statements for the hot read paths (the notifications list, verify-token: SPEC §7
 * calls made on every page load and poll). PostgreSQL parses and plans a statement on every
 * unnamed query; on embedded PGlite, which runs in one WASM thread, that planning (with its file
 * size probes) cost more than executing the statement: the bench measured the list query at
 * about 0.6 ms unprepared and 0.25 ms prepared. A named statement is parsed once per session and
 * executed by Bind/Execute after that.
 *
 * - PGlite (one session): Parse once, then Bind/Describe/Execute/Sync through `execProtocol`,
 *   inside PGlite's own query and transaction locks so nothing interleaves with other queries.
 * - node-postgres: its `{ name, text, values }` query form prepares once per pooled connection.
 *
 * Values come back as PostgreSQL's text form (`'t'`/`'f'` for booleans, decimal strings for
 * numbers, null for NULL), the same on both drivers; the caller converts. Everything that is not
 * a measured hot path goes through Drizzle instead.
 */
import { serialize } from 'pg-protocol'
import type { Database } from './client.ts'

/** A statement prepared under `name` (unique per text: it is cached per database session). */
export interface PreparedStatement {
  readonly name: string
  /** SQL with `$1`, `$2`... placeholders. */
  readonly text: string
}

/** One row: column name → text value (null for SQL NULL). */
export type TextRow = Readonly<Record<string, string | null>>

type Param = string | number | null

interface PgliteLike {
  execProtocol(message: Uint8Array): Promise<{ messages: ReadonlyArray<{ name: string; fields?: ReadonlyArray<unknown> }> }>
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}

interface PoolLike {
  query(config: { name: string; text: string; values: Param[]; types: { getTypeParser: () => (value: string) => string } }): Promise<{ rows: TextRow[] }>
}

const preparedOn = new WeakMap<object, Set<string>>()
const asText = { getTypeParser: () => (value: string) => value }

function concat(parts: ReadonlyArray<Uint8Array>): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}

function isPglite(client: unknown): client is PgliteLike {
  return typeof (client as PgliteLike).execProtocol === 'function' && typeof (client as PgliteLike)._runExclusiveQuery === 'function'
}

/**
 * Executes `statement` with `params` on the root database (not inside a transaction).
 * @returns the rows in text form.
 * @throws the driver's database error (e.g. a type error in a parameter), as other queries do.
 */
export async function runPrepared(db: Database, statement: PreparedStatement, params: ReadonlyArray<Param>): Promise<TextRow[]> {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client === undefined) throw new Error('runPrepared needs the root database, not a transaction')
  if (!isPglite(client)) {
    const result = await (client as PoolLike).query({ name: statement.name, text: statement.text, values: [...params], types: asText })
    return result.rows
  }
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      let prepared = preparedOn.get(client)
      if (prepared === undefined) preparedOn.set(client, (prepared = new Set()))
      if (!prepared.has(statement.name)) {
        await client.execProtocol(concat([serialize.parse({ name: statement.name, text: statement.text, types: [] }), serialize.sync()]))
        prepared.add(statement.name)
      }
      const values = params.map((p) => (p === null ? null : String(p)))
      const { messages } = await client.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute(), serialize.sync()]),
      )
      let columns: string[] = []
      const rows: TextRow[] = []
      for (const message of messages) {
        if (message.name === 'rowDescription') columns = (message.fields as ReadonlyArray<{ name: string }>).map((f) => f.name)
        else if (message.name === 'dataRow') {
          const fields = message.fields as ReadonlyArray<string | null>
          rows.push(Object.fromEntries(columns.map((name, i) => [name, fields[i] ?? null])))
        }
      }
      return rows
    }),
  )
}

/**
 * CSV straight from the database (server/db/copy.ts): parameters written into a COPY statement
 * come back exactly as given, whatever they hold, on both drivers. The export built on it is
 * tested in server/audit/paging.test.ts.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type DatabaseHandle, openDatabase } from './client.ts'
import { preparedPostgres } from '../test/databases.ts'
import { postgresUnavailableBecause, throwAwayDatabase } from '../test/local-postgres.ts'
import { copyCsv, inlineParameters } from './copy.ts'

const HOSTILE = [
  "it's",
  "''",
  '\\',
  "\\'",
  '$1',
  '$2 and $10',
  'E\'\\x41\'',
  '"quoted"',
  'line\nbreak',
  'tab\t',
  'é 日本 🙂',
  '',
  "'); drop table users; --",
  // The words of the COPY statement itself, as a value: they must stay inside their literal.
  " to stdout ",
  "x to stdout '); select 1; --",
  ") to stdout with (format csv) --",
]

/** The scenarios both drivers run, on a handle opened by `open`. */
function parameterScenarios(open: () => Promise<DatabaseHandle>, close: () => Promise<void> = async () => {}) {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  }, 120_000)
  afterAll(async () => {
    await handle?.close()
    await close()
  })

  test('Scenario: texts of quotes, backslashes and parameter marks come back exactly as given', async () => {
    for (const value of HOSTILE) {
      const chunks: Uint8Array[] = []
      for await (const chunk of copyCsv(handle.db, sql`select ${value}::text, ${7}::int, ${value}::text`)) chunks.push(chunk)
      const field = value === '' || /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
      expect(new TextDecoder().decode(Buffer.concat(chunks)), JSON.stringify(value)).toBe(`${field},7,${field}\n`)
    }
  })
}

describe('COPY parameters on PGlite', () => {
  parameterScenarios(() => openDatabase({ memory: true }))
})

const adminUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL
const skipReason = await postgresUnavailableBecause(adminUrl)
if (skipReason !== undefined) console.warn(`Skipping the COPY tests on PostgreSQL: ${skipReason}`)

describe.skipIf(skipReason !== undefined)('COPY parameters on PostgreSQL', () => {
  const { open, close } = preparedPostgres(throwAwayDatabase(adminUrl, 'engage_copy'))
  parameterScenarios(open, close)
})

describe('COPY statements', () => {
  test('Scenario: anything but a text or a finite number is refused before a statement is built', () => {
    expect(() => inlineParameters(sql`select ${Number.NaN}`)).toThrow(TypeError)
    expect(() => inlineParameters(sql`select ${null}`)).toThrow(TypeError)
    expect(() => inlineParameters(sql`select ${{ a: 1 }}`)).toThrow(TypeError)
    expect(inlineParameters(sql`select ${'$2'}, ${2}`)).toBe("select '$2', 2")
  })
})

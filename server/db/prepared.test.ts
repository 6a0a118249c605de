import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from './client.ts'
import { runPrepared } from './prepared.ts'

describe('runPrepared (PGlite)', () => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await openDatabase({ memory: true })
    await handle.db.execute(sql`create table t (id int primary key, label text)`)
    await handle.db.execute(sql`insert into t select g, case when g % 2 = 0 then 'even' end from generate_series(1, 20) g`)
  })
  afterAll(() => handle.close())

  const byId = { name: 'test_by_id', text: 'select id, label, id % 2 = 0 as even from t where id = $1' }

  test('Scenario: rows come back in text form, NULL as null, and repeat calls reuse the statement', async () => {
    expect(await runPrepared(handle.db, byId, [2])).toEqual([{ id: '2', label: 'even', even: 't' }])
    expect(await runPrepared(handle.db, byId, [3])).toEqual([{ id: '3', label: null, even: 'f' }])
    expect(await runPrepared(handle.db, byId, [99])).toEqual([])
  })

  test('Scenario: interleaved with Drizzle queries and a transaction, every answer is its own', async () => {
    const work = Array.from({ length: 40 }, (_, i) => i + 1).map(async (i) => {
      if (i % 10 === 0) {
        return handle.db.transaction(async (tx) => {
          await tx.execute(sql`update t set label = ${`tx${i}`} where id = ${(i % 20) + 1}`)
          const r = await tx.execute(sql`select label from t where id = ${(i % 20) + 1}`)
          return (r as unknown as { rows: { label: string }[] }).rows[0]?.label === `tx${i}`
        })
      }
      const id = (i % 20) + 1
      if (i % 2 === 0) return (await runPrepared(handle.db, byId, [id]))[0]?.id === String(id)
      const r = await handle.db.execute(sql`select id from t where id = ${id}`)
      return (r as unknown as { rows: { id: number }[] }).rows[0]?.id === id
    })
    expect(await Promise.all(work)).toEqual(Array(40).fill(true))
  })

  test('Scenario: a failing execution throws the database error and the session recovers', async () => {
    await expect(runPrepared(handle.db, byId, ['not a number'])).rejects.toThrow(/invalid input syntax/)
    expect(await runPrepared(handle.db, byId, [4])).toEqual([{ id: '4', label: 'even', even: 't' }])
    await expect(runPrepared(handle.db, { name: 'test_broken', text: 'select nope from t' }, [])).rejects.toThrow(/nope/)
    // Not remembered as prepared after a failed Parse: the next call parses again and fails the same way.
    await expect(runPrepared(handle.db, { name: 'test_broken', text: 'select nope from t' }, [])).rejects.toThrow(/nope/)
  })
})

/**
 * `node --import tsx scripts/with-postgres.ts <command> [args...]`: runs the command with
 * TEST_DATABASE_URL pointing at a throw-away local PostgreSQL cluster when the machine has
 * PostgreSQL installed and neither TEST_DATABASE_URL nor DATABASE_URL is set, so `npm test` also runs the PostgreSQL driver
 * tests (server/db/postgres.test.ts); without PostgreSQL it runs the command as is (those tests
 * then say they are skipped). The cluster is removed afterwards. Exits with the command's code.
 */
import { spawnSync } from 'node:child_process'
import { findPostgresBin, startLocalPostgres } from '../server/test/local-postgres.ts'

const [command, ...args] = process.argv.slice(2)
if (command === undefined) {
  console.error('usage: with-postgres.ts <command> [args...]')
  process.exit(2)
}

const bin = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? undefined : findPostgresBin()
let cluster: Awaited<ReturnType<typeof startLocalPostgres>> | undefined
if (bin !== undefined) {
  try {
    cluster = await startLocalPostgres(bin)
    console.log(`PostgreSQL driver tests use a throw-away cluster (${bin})`)
  } catch (error) {
    console.warn(`Could not start a local PostgreSQL (${(error as Error).message.split('\n')[0]}); its driver tests will be skipped.`)
  }
}
// The driver test creates and drops its own database: give it the cluster's admin database. Not
// DATABASE_URL: the tests of the admin CLI and the server start child processes that must keep
// using their own embedded database.
const env = cluster ? { ...process.env, TEST_DATABASE_URL: cluster.url.replace(/\/engage_bench$/, '/postgres') } : process.env
const result = spawnSync(command, args, { stdio: 'inherit', env })
await cluster?.stop()
process.exit(result.status ?? 1)

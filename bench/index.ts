/**
 * `npm run bench`: every performance figure of the product in one run (issue #8), printed and
 * written to bench/results.json. Budgets are ratios and limits checked HERE and reported as
 * pass/over, never as timed assertions in tests (the machines are shared and noisy).
 *
 * Sections (each its own module, each returns plain JSON):
 *   server    autocannon against the hot API calls on PGlite and PostgreSQL, with a hello-world ceiling
 *   (more sections register below as they land)
 *
 * Options: `--only server,bundle` runs some sections; `--duration 10` seconds per load target.
 */
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { benchServer, type LoadResult, type ServerBenchResult } from './server.ts'

/** Targets from issue #8 and docs/performance.md. */
export const BUDGETS = {
  /** Notifications list on embedded PGlite, requests/s (its one-thread limit is about 1,400 for a one-query endpoint). */
  notificationsListPgliteRps: 1_000,
  /** Notifications list on PostgreSQL, as a share of the hello-world ceiling measured in the same run. */
  notificationsListPostgresRatio: 0.1,
  /** p99 latency on PostgreSQL, ms. */
  postgresP99Ms: 15,
} as const

type Section = { readonly name: string; run(options: { durationS: number }): Promise<unknown>; report(result: never): string[] }

const fmt = (r: LoadResult) =>
  `${r.target.padEnd(34)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${String(r.p50Ms).padStart(3)} ms   p99 ${String(r.p99Ms).padStart(3)} ms` +
  (r.ratioToCeiling === undefined ? '' : `   ${(r.ratioToCeiling * 100).toFixed(1)}% of ceiling`) +
  (r.non2xx + r.errors > 0 ? `   (${r.non2xx} non-2xx, ${r.errors} errors)` : '')

const verdict = (ok: boolean) => (ok ? 'meets budget' : 'OVER BUDGET')

const sections: Section[] = [
  {
    name: 'server',
    run: ({ durationS }) => benchServer(durationS),
    report: (r: ServerBenchResult) => {
      const lines = [fmt(r.ceiling), ...r.pglite.map(fmt)]
      const list = r.pglite.find((x) => x.target.endsWith('notifications list'))
      if (list) lines.push(`  → PGlite notifications list ${list.requestsPerSecond} req/s vs ${BUDGETS.notificationsListPgliteRps}: ${verdict(list.requestsPerSecond >= BUDGETS.notificationsListPgliteRps)}`)
      if ('skipped' in r.postgres) lines.push(`PostgreSQL: ${r.postgres.skipped}`)
      else {
        lines.push(...r.postgres.map(fmt))
        const pgList = r.postgres.find((x) => x.target.endsWith('notifications list'))
        if (pgList) {
          lines.push(`  → PostgreSQL notifications list ${((pgList.ratioToCeiling ?? 0) * 100).toFixed(1)}% of ceiling vs ${BUDGETS.notificationsListPostgresRatio * 100}%: ${verdict((pgList.ratioToCeiling ?? 0) >= BUDGETS.notificationsListPostgresRatio)}`)
          lines.push(`  → PostgreSQL notifications list p99 ${pgList.p99Ms} ms vs ${BUDGETS.postgresP99Ms} ms: ${verdict(pgList.p99Ms <= BUDGETS.postgresP99Ms)}`)
        }
      }
      return lines
    },
  },
]

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, duration: { type: 'string', default: '10' } } })
  const only = values.only?.split(',').map((s) => s.trim())
  const durationS = Number(values.duration)
  const results: Record<string, unknown> = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), loadAverage1m: os.loadavg()[0], node: process.version },
    budgets: BUDGETS,
  }
  for (const section of sections) {
    if (only && !only.includes(section.name)) continue
    console.log(`\n▶ ${section.name}`)
    const started = Date.now()
    const result = await section.run({ durationS })
    results[section.name] = result
    for (const line of section.report(result as never)) console.log(`  ${line}`)
    console.log(`  (${((Date.now() - started) / 1000).toFixed(0)} s)`)
  }
  const out = path.join(import.meta.dirname, 'results.json')
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`)
  console.log(`\nresults written to ${path.relative(process.cwd(), out)}`)
}

await main()

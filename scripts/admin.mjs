#!/usr/bin/env node
/**
 * `npm run admin -- <command>`: the operator's commands (server/admin/cli.ts).
 *
 *     npm run admin -- list-waitlist
 *     npm run admin -- approve-waitlist <workspace name or id>
 *     npm run admin -- notify --email <user> --org <workspace> --title "..." [--body ...]
 *         [--priority urgent] [--category alert] [--url /app/...] [--action-text ...]
 *     npm run admin -- bug-reports [--limit N] [--json]
 *
 * Uses the same environment as the server (DATA_DIR, DATABASE_URL, INTERNAL_API_KEY). While a
 * server runs on that DATA_DIR the commands go through its internal API; otherwise they open the
 * database directly. Exits 0 on success, 1 when refused or failed, 2 on a usage error.
 */
const { register } = await import('tsx/esm/api')
register()
const { runAdminCli } = await import('../server/admin/cli.ts')
const code = await runAdminCli(process.argv.slice(2), process.env, {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
})
process.exit(code)

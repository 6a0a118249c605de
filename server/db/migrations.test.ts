import { execFile } from 'node:child_process'
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { MIGRATIONS_DIR } from './client.ts'

const repoRoot = fileURLToPath(new URL('../..', import.meta.url))

// drizzle-kit generate works offline: it diffs schema.ts against the last snapshot. Run on a copy
// of the migrations, any new file means schema.ts changed without `npm run db:generate`.
test('Scenario: the committed migrations are up to date with schema.ts', async () => {
  const work = await mkdtemp(path.join(tmpdir(), 'engage-migrations-'))
  try {
    const copy = path.join(work, 'migrations')
    await cp(MIGRATIONS_DIR, copy, { recursive: true })
    const before = (await readdir(copy, { recursive: true })).sort()
    const { stdout } = await promisify(execFile)(
      path.join(repoRoot, 'node_modules', '.bin', 'drizzle-kit'),
      // drizzle-kit prefixes --out with "./", so it must be relative to the working directory.
      ['generate', '--dialect', 'postgresql', '--schema', 'server/db/schema.ts', '--out', path.relative(repoRoot, copy)],
      { cwd: repoRoot },
    )
    const after = (await readdir(copy, { recursive: true })).sort()
    expect(after, `schema.ts changed without a migration: run npm run db:generate\n${stdout}`).toEqual(before)
    expect(stdout).toContain('No schema changes')
  } finally {
    await rm(work, { recursive: true, force: true })
  }
})

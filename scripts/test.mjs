#!/usr/bin/env node
/**
 * `npm test`: every suite, in order, stopping at the first failure.
 * typecheck → unit, model, server and docs tests (Vitest) → Storybook build smoke →
 * stories as tests in Chromium (render + play functions; Storybook's Vitest integration,
 * vitest.storybook.config.ts) → the built Storybook's stories in Chromium (scripts/storybook-built.ts)
 * → end-to-end in Debian's Chromium (Playwright; checks Chromium first).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const bin = (name) => join('node_modules', '.bin', name)
const storybookOut = mkdtempSync(join(tmpdir(), 'engage-storybook-'))

const steps = [
  ['typecheck', bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']],
  // With a throw-away PostgreSQL when one is installed (scripts/with-postgres.ts), so the driver tests run too.
  ['unit, model, server and docs tests', process.execPath, ['--import', 'tsx', 'scripts/with-postgres.ts', bin('vitest'), 'run']],
  ['storybook build', bin('storybook'), ['build', '--quiet', '-o', storybookOut]],
  ['chromium check', process.execPath, ['scripts/check-chromium.mjs']],
  ['stories in Chromium (play functions)', bin('vitest'), ['run', '--config', 'vitest.storybook.config.ts']],
  // The same stories in the built Storybook people open (scripts/storybook-built.ts): render, play, state check.
  ['built Storybook in Chromium', process.execPath, ['--import', 'tsx', 'scripts/storybook-built.ts', storybookOut]],
  ['end-to-end tests', bin('playwright'), ['test']],
]

const results = []
let failed = false
for (const [name, cmd, args] of steps) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } })
  const ok = r.status === 0
  results.push(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (!ok) {
    failed = true
    break
  }
}
rmSync(storybookOut, { recursive: true, force: true })
console.log(`\n${results.join('\n')}`)
const passed = results.filter((r) => r.startsWith('✔')).length
console.log(`\nsuites: ${passed} passed, ${failed ? 1 : 0} failed`)
process.exit(failed ? 1 : 0)

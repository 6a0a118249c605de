/**
 * End-to-end tests in Debian's Chromium against the real server (`npm start`'s code path) on a
 * free port and a fresh DATA_DIR, started by tests/e2e/global-setup.ts.
 */
import { defineConfig } from '@playwright/test'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // Recording a trace for every test (what 'retain-on-failure' does) took about half the
    // suite's CPU on the 2-core machine, its screencast most of it; only a retried test records one.
    trace: 'on-first-retry',
  },
})

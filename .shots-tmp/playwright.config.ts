import { defineConfig } from '@playwright/test'
export default defineConfig({ testDir: '.', workers: 1, use: { launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } } })

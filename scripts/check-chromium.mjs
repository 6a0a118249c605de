#!/usr/bin/env node
/**
 * Fails early, and says how to fix it, when the Chromium the end-to-end tests drive is missing.
 * CHROMIUM_PATH overrides the default /usr/bin/chromium.
 */
import { accessSync, constants } from 'node:fs'

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
try {
  accessSync(path, constants.X_OK)
} catch {
  console.error(`\nChromium was not found at ${path}. The end-to-end tests drive Debian's Chromium.\n` +
    `Install it with:\n\n    sudo apt-get update && sudo apt-get install -y chromium\n\n` +
    `or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n`)
  process.exit(1)
}

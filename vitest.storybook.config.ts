/**
 * The stories as tests: every story renders in Debian's Chromium and its play function runs
 * (Storybook's Vitest integration, @storybook/addon-vitest), separate from the node unit tests
 * of vite.config.ts. `npm run test:storybook`; a step of `npm test` after the Storybook build.
 */
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin'
import { playwright } from '@vitest/browser-playwright'
import { defineConfig, mergeConfig } from 'vitest/config'
import { CHROMIUM_ARGS } from './playwright.config.ts'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  // The app's plugins (React, vanilla-extract), without its node test settings.
  { ...viteConfig, test: undefined },
  defineConfig({
    plugins: [storybookTest({ configDir: '.storybook' })],
    // The Mock Service Worker script lives with the Storybook config, not in the app's public/.
    publicDir: '.storybook/public',
    // Found only when a story using them loads (HTTP handlers, the QR code): pre-bundled up front, or Vite re-optimises
    // mid-run and the stories after it get a second copy of React.
    optimizeDeps: { include: ['msw', 'msw/browser', 'qrcode'] },
    // Vitest sets NODE_ENV to 'test', and react-aria's Virtualizer then reads `process.env.VIRT_ON`
    // (absent in a browser) to decide whether to render every row. The stories run in a real
    // browser with real layout, so they virtualize as the app does.
    define: { 'process.env.VIRT_ON': 'true' },
    test: {
      name: 'storybook',
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS } }),
        instances: [{ browser: 'chromium' }],
        screenshotFailures: false,
      },
      testTimeout: 20_000,
    },
  }),
)

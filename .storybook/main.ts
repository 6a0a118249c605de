import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.@(ts|tsx)', '../src/ui/primitives/**/*.stories.@(ts|tsx)'],
  // The accessibility panel runs axe on every story (its `a11y.test` level in preview.tsx); the docs
  // addon renders the welcome page (stories/Welcome.mdx).
  addons: ['@storybook/addon-vitest', '@storybook/addon-a11y', '@storybook/addon-docs'],
  framework: { name: '@storybook/react-vite', options: {} },
  // mockServiceWorker.js for the stories that go through HTTP (.storybook/msw.ts); not in the app's public/.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  // The app's chunk groups (scripts/chunking.ts) describe the app's entry and shell; Storybook's
  // build has other entries and keeps rolldown's automatic splitting.
  viteFinal: (config) => ({ ...config, build: { ...config.build, rolldownOptions: { ...config.build?.rolldownOptions, output: undefined } } }),
}

export default config

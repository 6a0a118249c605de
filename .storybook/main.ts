import type { StorybookConfig } from '@storybook/react-vite'

const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)', '../src/ui/primitives/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // mockServiceWorker.js for the stories that go through HTTP (.storybook/msw.ts); not in the app's public/.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
}

export default config

import type { Preview } from '@storybook/react-vite'
import { themes, type ThemeName } from '../src/ui/theme.css.ts'

const preview: Preview = {
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story, context) => {
      const name = (context.globals.theme as ThemeName) ?? 'light'
      // Theme variables live on <html> in the app; mirror that so body-level styles apply.
      document.documentElement.classList.remove(...Object.values(themes))
      document.documentElement.classList.add(themes[name])
      return <Story />
    },
  ],
  parameters: { layout: 'fullscreen' },
}

export default preview

import type { Preview } from '@storybook/react-vite'
import { themes, type ThemeName } from '../src/ui/theme.css.ts'
import { viewports } from '../stories/viewports.ts'
import { preloadOverlaySurfaces } from '../src/ui/primitives/overlays/surfaces.tsx'
import { applyMswHandlers } from './msw.ts'

/**
 * Toolbar switches: the colour theme (src/ui/theme.css.ts lightTheme / darkTheme) and the
 * viewport, with the mobile breakpoint of SPEC §9 (under 768 px the sidebar is a drawer).
 * Stories whose machines follow the width (the app shell) read `globals.viewport` too.
 */
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
  // The overlay surfaces (popovers, menus, tooltips) load after the app's shell paints (issue
  // #21); a story shows its overlay as the running app does once they are there.
  loaders: [({ parameters }) => applyMswHandlers(parameters), () => preloadOverlaySurfaces()],
  parameters: {
    layout: 'fullscreen',
    viewport: { options: viewports },
  },
}

export default preview

import type { Preview } from '@storybook/react-vite'
import { themes, type ThemeName } from '../src/ui/theme.css.ts'
import { viewports } from '../stories/viewports.ts'
import { preloadOverlaySurfaces } from '../src/ui/primitives/overlays/surfaces.tsx'
import { DocsPage } from './docs-page.tsx'
import { clearLiveAnnouncements } from './live-announcer.ts'
import { checkDeclaredStates } from './machine-state-check.ts'
import { applyMswHandlers } from './msw.ts'
import { ENGLISH, loadLanguage, type LoadedLanguage } from '../src/i18n/catalogue.ts'
import { loadSiteCatalogue } from '../src/i18n/site-catalogue.ts'
import { directionOf, type AppLocale } from '../src/i18n/locales.ts'
import { LanguageProvider } from '../src/i18n/react.tsx'

/**
 * Toolbar switches: the colour theme (src/ui/theme.css.ts lightTheme / darkTheme), the language
 * (the shipped ones and the pseudo-locale; a story may fix one with `globals: { locale }`) and the
 * viewport, with the mobile breakpoint of SPEC §9 (under 768 px the sidebar is a drawer).
 * Stories whose machines follow the width (the app shell) read `globals.viewport` too.
 */
const preview: Preview = {
  // A docs page opens every node (.storybook/docs-page.tsx): a machine's page for Machines/<id>, the
  // usual one with controls elsewhere. The pages, dev tools and charts opt out (`!autodocs`): their
  // stories start servers and timers that one page holding all of them at once cannot.
  tags: ['autodocs'],
  globalTypes: {
    theme: {
      description: 'Colour theme',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    locale: {
      description: 'Language',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'de', title: 'Deutsch' },
          { value: 'es', title: 'Español' },
          { value: 'ar', title: 'العربية (right to left)' },
          { value: 'en-XA', title: 'Pseudo (en-XA)' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light', locale: 'en' },
  decorators: [
    (Story, context) => {
      const name = (context.globals.theme as ThemeName) ?? 'light'
      // Theme variables live on <html> in the app; mirror that so body-level styles apply.
      document.documentElement.classList.remove(...Object.values(themes))
      document.documentElement.classList.add(themes[name])
      const language = (context.loaded.language as LoadedLanguage | undefined) ?? ENGLISH
      document.documentElement.lang = language.locale
      document.documentElement.dir = directionOf(language.locale)
      return (
        <LanguageProvider language={language}>
          <Story />
        </LanguageProvider>
      )
    },
  ],
  // The overlay surfaces (popovers, menus, tooltips) load after the app's shell paints; a story shows its overlay as the running app does once they are there.
  loaders: [
    ({ parameters }) => applyMswHandlers(parameters),
    () => preloadOverlaySurfaces(),
    // The language, and the public site's messages in it (the site's routes load them before their pages).
    async ({ globals }) => {
      const locale = ((globals.locale as AppLocale | undefined) ?? 'en') as AppLocale
      const [language] = await Promise.all([loadLanguage(locale), loadSiteCatalogue(locale)])
      return { language }
    },
  ],
  // Each story meets the page as if opened on its own: nothing left in React Aria's live announcer.
  beforeEach: () => clearLiveAnnouncements(),
  // After the play function: the story ends in the machine state it names (parameters.machineState).
  afterEach: (context) => checkDeclaredStates(context),
  parameters: {
    layout: 'fullscreen',
    docs: { page: DocsPage },
    viewport: { options: viewports },
    // axe on every story (the Accessibility panel); a violation fails the story, in the Vitest run
    // and in the built site. React Aria's live announcer is left out: its announcement of a button
    // that was pending points at the button by id for 7 s, also after a story's play function
    // removed it (the page as a person has it: nothing on screen, nothing to name).
    a11y: { test: 'error', context: { exclude: ['[data-live-announcer]'] } },
    // Review by machine: the welcome page, one node per machine (Machines/<machine id>), the charts,
    // then the pages that are not one machine, the primitives and the dev tools. Nodes under a root
    // sort alphabetically; a node's stories keep their file order (scripts/story-tree.test.ts).
    options: { storySort: { method: 'alphabetical', order: ['Welcome', 'Machines', 'Statecharts', 'Pages', 'Primitives', 'Dev tools'] } },
  },
}

export default preview

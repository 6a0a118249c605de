/** The shell's own words (SPEC §2.3, §2.6): header, user menu and sidebar chrome. */
import { defineMessages } from '../../i18n/messages.ts'

export const shellMessages = defineMessages('shell', {
  toggleSidebar: 'Toggle sidebar',
  /** The logo link's name; `product` is the wordmark it shows (Logo.tsx PRODUCT_NAME), the same in every language. */
  home: '{product} home',
  search: 'Search',
  userMenu: 'User menu',
  account: 'Account',
  settings: 'Settings',
  documentation: 'Documentation',
  signOut: 'Sign out',
  mainNavigation: 'Main',
  logOut: 'Log Out',
  soon: 'Soon',
  withSoon: '{title} · Soon',
  sidebar: 'Sidebar',
})

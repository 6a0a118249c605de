/** The app's own frame around pages: the splash, the skip link and the error fallback (the update prompt's words load with it: ./update.messages.ts). */
import { defineMessages } from '../i18n/messages.ts'

export const splashMessages = defineMessages('splash', {
  loading: 'Loading Engage',
})

export const skipLinkMessages = defineMessages('skipLink', {
  label: 'Skip to content',
})

/** SPEC §8, verbatim in English. */
export const errorFallbackMessages = defineMessages('errorFallback', {
  heading: 'Something went wrong',
  text: "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.",
  refresh: 'Refresh Page',
  tryAgain: 'Try Again',
})

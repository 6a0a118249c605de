/** The app's own frame around pages: the splash, the skip link, the update prompt and the error fallback. */
import { defineMessages } from '../i18n/messages.ts'

export const splashMessages = defineMessages('splash', {
  loading: 'Loading Engage',
})

export const skipLinkMessages = defineMessages('skipLink', {
  label: 'Skip to content',
})

/** SPEC §2.3 wording for the offer. */
export const updateMessages = defineMessages('update', {
  available: 'A new app version is available.',
  updating: 'Updating to the new version…',
  region: 'App update',
  later: 'Later',
  update: 'Update',
})

/** SPEC §8, verbatim in English. */
export const errorFallbackMessages = defineMessages('errorFallback', {
  heading: 'Something went wrong',
  text: "We're sorry, but something unexpected happened. Please try refreshing the page or contact support if the problem persists.",
  refresh: 'Refresh Page',
  tryAgain: 'Try Again',
})

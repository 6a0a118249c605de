/** The 'Coming soon' page of an /app route not built yet (src/pages/RoutePage.tsx). */
import { defineMessages } from '../i18n/messages.ts'

export const soonMessages = defineMessages('soon', {
  comingSoon: 'Coming soon',
  stillBuilding: 'This part of Engage is still being built, so there is nothing to set up here yet. It opens on this page as soon as it is ready.',
  willLiveHere: '{title} will live here.',
  goToOverview: 'Go to Overview',
  notificationSettings: 'Notification settings',
})

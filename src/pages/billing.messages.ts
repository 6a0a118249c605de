/** The Billing page (/app/billing): plan, reset date and this month's usage by category. */
import { defineMessages } from '../i18n/messages.ts'

export const billingMessages = defineMessages('billing', {
  title: 'Billing',
  loading: 'Loading this month’s credits…',
  loadFailed: 'This month’s credits could not be loaded.',
  plan: 'Plan',
  noPlan: 'No plan',
  resetsOn: 'Credits reset on {date}',
  creditsIn: 'Credits in {month}',
  creditsThisMonth: 'Credits this month',
  used: 'Used',
  total: 'Total',
  left: 'Left',
  unlimited: 'Unlimited',
  usageByCategory: 'Usage by category',
  noUsage: 'No credits used yet this month.',
  usageCaption: 'Credits used by category',
  usageCaptionIn: 'Credits used by category, {month}',
  category: 'Category',
  creditsUsed: 'Credits used',
  share: 'Share',
  categoryAi: 'AI',
  categoryVoice: 'Voice',
  categoryMessaging: 'Messaging',
})

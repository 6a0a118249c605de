/** The header's credits summary (SPEC §2.3, §3 Credits summary). */
import { defineMessages } from '../../i18n/messages.ts'

export const creditsMessages = defineMessages('credits', {
  creditsLeft: '{count, plural, one {# credit left} other {# credits left}}',
  /** After the number, which is drawn apart (larger). */
  creditsLeftUnit: '{count, plural, one {credit left} other {credits left}}',
  unlimitedCredits: 'Unlimited credits',
  unlimited: 'Unlimited',
  usedThisMonth: 'Used {used} this month',
  usedOfThisMonth: 'Used {used} of {total} this month',
  usedWithShare: '{used}, {share} used',
  meterLabel: 'Credits used this month',
  popoverLabel: 'Credits this month',
})

/** A notification's 'Snooze' menu and its 'Pick a time…' dialog, and how a snooze moment reads. */
import { defineMessages } from '../../i18n/messages.ts'

export const snoozeMessages = defineMessages('snooze', {
  snoozeRow: 'Snooze: {title}',
  snoozeUntil: 'Snooze until',
  hour: '1 hour',
  tomorrow: 'Tomorrow',
  nextWeek: 'Next week',
  pick: 'Pick a time…',
  cancel: 'Cancel',
  snooze: 'Snooze',
  dateAndTime: 'Date and time',
  enterDateTime: 'Enter a date and time',
  inPast: 'Choose a moment in the future',
  tooFar: 'Snooze for at most a year',
  /** A moment today, tomorrow or later: "Today, 9:00", "Tue 1 Dec, 9:00". */
  today: 'Today, {time}',
  tomorrowAt: 'Tomorrow, {time}',
  dateAt: '{date}, {time}',
})

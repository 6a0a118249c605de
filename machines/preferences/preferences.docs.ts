/** What the preferences machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const preferencesDocs: MachineDocs = {
  states: {
    loading: "The notification settings page shows skeletons ('Loading your preferences…') while the saved preferences are fetched.",
    idle: "The switches, the category matrix and the quiet hours editor show the preferences; if loading failed, 'Your saved preferences could not be loaded; these are the defaults.' shows above them.",
    pending: "A change is already on screen and 'Saving…' shows beside its section; the save waits 600 ms for more changes, so quick flips are sent as one.",
    saving: "The change is being sent and 'Saving…' stays beside its section; more changes still show at once and are saved right after.",
    saved: "The last change is stored: 'Saved' with a check mark shows beside its section, and the 'Preferences saved successfully' toast appears.",
    reloading:
      "A save was refused: the change is undone, 'Your change could not be saved, so it was undone…' shows beside the section and the controls wait while the server's copy reloads.",
  },
  events: {
    'preferences.setQuietHours':
      'The quiet hours editor sends its whole value when a start, end or time zone changes: a valid value is saved, an invalid one stays with its field errors.',
    'preferences.toggleCategory': "A person flips a category's switch in the category matrix: that kind of notification turns on or off.",
    'preferences.toggleChannel': "A person ticks or clears a category's Push or Email box in the matrix: that category reaches them on that channel or not.",
    'preferences.toggleEmail': "A person flips the 'Email notifications' switch under Delivery.",
    'preferences.togglePush': "A person flips the 'Browser push notifications' switch under Delivery.",
  },
}

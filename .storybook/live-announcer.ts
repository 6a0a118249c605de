/**
 * React Aria's live announcer between stories. The announcer is one element React Aria keeps in
 * <body> for the whole page, outside any story's root; each announcement stays in it for seven
 * seconds. A pending button that has focus announces itself by reference (a `role="img"` node
 * labelled by the button's id), so a story that ends with a pending button leaves a node pointing
 * at a button the next story no longer has: the next story then shows an unnamed image to a
 * screen reader and to axe (role-img-alt). Clearing the announcer before each story gives every
 * story the page as it would be if opened on its own.
 */
import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer'

/** A `beforeEach` for the preview: empties the live announcer the earlier stories wrote to. */
export function clearLiveAnnouncements(): void {
  clearAnnouncer()
}

/**
 * The keyboard shortcuts help ('?' lists every shortcut in the product): a modal named
 * 'Keyboard shortcuts' drawn from `SHORTCUTS` (shortcuts.ts), open while the palette machine is
 * in `onscreen.shortcuts`. Escape or Close sends `shortcuts.close`; focus returns where it was.
 */
import { useSelector } from '@xstate/react'
import { Fragment } from 'react'
import { selectIsShortcutsOpen } from '../../../machines/commandPalette/commandPalette.selectors.ts'
import type { CommandPaletteActor } from '../../system/commandPalette-react.tsx'
import { Modal } from '../primitives/Dialog/Dialog.tsx'
import * as css from './ShortcutsHelp.css.ts'
import { SHORTCUTS, isApplePlatform, keyLabels } from './shortcuts.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { shortcutsMessages as m } from './palette.messages.ts'

/** The groups' and shortcuts' texts in the reader's language, by their English in `SHORTCUTS`. */
const TEXTS: Readonly<Record<string, MessageDescriptor>> = {
  Everywhere: m.everywhere,
  'Open the command palette': m.openPalette,
  'Expand or collapse the sidebar': m.toggleSidebar,
  'Show keyboard shortcuts': m.showShortcuts,
  'Close a dialog, menu, panel or the sidebar drawer': m.closeOverlay,
  'In the command palette': m.inPalette,
  'Move to the next or previous item': m.moveItem,
  'Move to the first or last item': m.moveEdge,
  'Open the page or run the action': m.runItem,
  'On the notifications page': m.onNotifications,
  'Move to the next or previous notification': m.moveNotification,
  'Select or unselect the notification': m.selectNotification,
  'Archive the selected notifications (or the current one)': m.archive,
  'Mark read, or unread when all are read': m.markRead,
  'Delete the selected notifications (or the current one)': m.delete,
  'Clear the selection': m.clearSelection,
}

export function ShortcutsHelp({ actor }: { actor: CommandPaletteActor }) {
  const isOpen = useSelector(actor, selectIsShortcutsOpen)
  const apple = isApplePlatform(typeof navigator === 'undefined' ? undefined : navigator)
  const { t } = useTranslator()
  const text = (english: string) => {
    const message = TEXTS[english]
    return message ? t(message) : english
  }
  return (
    <Modal title={t(m.title)} size="md" isOpen={isOpen} onOpenChange={(open) => !open && actor.send({ type: 'shortcuts.close' })}>
      {SHORTCUTS.map((group) => (
        <section key={group.label} className={css.group} aria-label={text(group.label)}>
          <h3 className={css.groupTitle}>{text(group.label)}</h3>
          <dl className={css.list}>
            {group.entries.map((entry) => (
              <Fragment key={entry.does}>
                <dt className={css.does}>{text(entry.does)}</dt>
                <dd className={css.keys}>
                  {entry.keys.map((keys, i) => (
                    <Fragment key={keys}>
                      {i > 0 && <span className={css.or}>{t(m.or)}</span>}
                      {keyLabels(keys, apple).map((k) => (
                        <kbd key={k} className={css.kbd}>
                          {k}
                        </kbd>
                      ))}
                    </Fragment>
                  ))}
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
      <p className={css.note}>{t(m.note)}</p>
    </Modal>
  )
}

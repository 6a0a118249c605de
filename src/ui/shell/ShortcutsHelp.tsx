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

export function ShortcutsHelp({ actor }: { actor: CommandPaletteActor }) {
  const isOpen = useSelector(actor, selectIsShortcutsOpen)
  const apple = isApplePlatform(typeof navigator === 'undefined' ? undefined : navigator)
  return (
    <Modal title="Keyboard shortcuts" size="md" isOpen={isOpen} onOpenChange={(open) => !open && actor.send({ type: 'shortcuts.close' })}>
      {SHORTCUTS.map((group) => (
        <section key={group.label} className={css.group} aria-label={group.label}>
          <h3 className={css.groupTitle}>{group.label}</h3>
          <dl className={css.list}>
            {group.entries.map((entry) => (
              <Fragment key={entry.does}>
                <dt className={css.does}>{entry.does}</dt>
                <dd className={css.keys}>
                  {entry.keys.map((keys, i) => (
                    <Fragment key={keys}>
                      {i > 0 && <span className={css.or}>or</span>}
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
      <p className={css.note}>Shortcuts do nothing while you type in a field.</p>
    </Modal>
  )
}

/** The command palette and the keyboard shortcuts help, one chunk loaded by src/ui/shell/PaletteHost.tsx. */
import type { CommandPaletteActor } from '../../system/commandPalette-react.tsx'
import { CommandPalette } from './CommandPalette.tsx'
import { ShortcutsHelp } from './ShortcutsHelp.tsx'

export function PaletteDialogs({ actor }: { actor: CommandPaletteActor }) {
  return (
    <>
      <CommandPalette actor={actor} />
      <ShortcutsHelp actor={actor} />
    </>
  )
}

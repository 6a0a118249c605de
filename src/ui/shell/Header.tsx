/**
 * The shell's header (SPEC §2.3, §2.6): the 'Toggle sidebar' button, the logo, the workspace
 * switcher, the notifications bell, the credits summary, and the user menu, hidden while the
 * header is compact (under 1024 px). At 390 px nothing in it is clipped or overflows (the
 * bell's slot keeps room for its badge; the start shrinks, the end never does). It also holds
 * the 'Search' button and, with it, the command palette and the keyboard shortcuts help (their
 * host, src/ui/shell/PaletteHost.tsx, is drawn here so they exist exactly while a shell does).
 */
import PanelLeft from 'lucide-react/icons/panel-left'
import Search from 'lucide-react/icons/search'
import { Button, Link } from 'react-aria-components'
import { selectUser } from '../../../machines/auth/auth.selectors.ts'
import { selectIsHeaderCompact, selectIsToggleExpanded } from '../../../machines/sidebar/sidebar.selectors.ts'
import type { EarlyPaletteKeysActor } from '../../system/commandPalette-keys.ts'
import { type CommandPaletteActor, useEarlyPaletteKeys, useOptionalCommandPaletteActor } from '../../system/commandPalette-react.tsx'
import { useAuth, useDeferredPending, useSidebar, useSidebarActor } from '../../system/react.tsx'
import { Logo, PRODUCT_NAME } from '../Logo.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { CreditsSummary } from './CreditsSummary.tsx'
import { NotificationsBell } from './NotificationsBell.tsx'
import * as css from './Header.css.ts'
import { mirrored } from '../primitives/direction.css.ts'
import { PaletteHost, preloadPalette } from './PaletteHost.tsx'
import { ariaKeyShortcuts, isApplePlatform } from './keys.ts'
import { UserMenu } from './UserMenu.tsx'
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx'
import { useTranslator } from '../../i18n/react.tsx'
import { shellMessages as m } from './shell.messages.ts'

export function Header() {
  const sidebar = useSidebarActor()
  const toggleExpanded = useSidebar(selectIsToggleExpanded)
  const compact = useSidebar(selectIsHeaderCompact)
  const user = useAuth(selectUser)
  const palette = useOptionalCommandPaletteActor()
  // In the app the palette starts with the deferred actors, just after this first paint; until
  // then the system's early listener keeps what is asked of it.
  const early = useEarlyPaletteKeys()
  const paletteStarting = useDeferredPending()
  const { t } = useTranslator()
  return (
    <header className={css.header} data-compact={compact || undefined}>
      <div className={css.start}>
        <IconButton label={t(m.toggleSidebar)} aria-expanded={toggleExpanded} onPress={() => sidebar.send({ type: 'sidebar.toggle' })}>
          <PanelLeft size={18} className={mirrored} aria-hidden="true" strokeWidth={1.75} />
        </IconButton>
        <Link href="/app/dashboard" aria-label={t(m.home, { product: PRODUCT_NAME })} className={css.logo}>
          <Logo size={28} withWordmark={!compact} />
        </Link>
        <WorkspaceSwitcher />
      </div>
      <div className={css.end}>
        {(palette || (paletteStarting && early)) && <SearchButton actor={palette} early={early} compact={compact} />}
        <div className={css.slot} data-slot="notifications">
          <NotificationsBell />
        </div>
        <CreditsSummary />
        {!compact && user && <UserMenu user={user} />}
      </div>
      {(palette || early) && <PaletteHost actor={palette} early={early} />}
    </header>
  )
}

/**
 * The header's way into the command palette, for those who do not know Ctrl/Cmd+K.
 * Named 'Search' (its visible label from 1024 px; on compact headers only the icon shows and the
 * name stays), with the shortcut in `aria-keyshortcuts`. Pressed before the palette's actor has
 * started, the request waits for it.
 */
function SearchButton({ actor, early, compact }: { actor: CommandPaletteActor | null; early: Pick<EarlyPaletteKeysActor, 'send'> | null; compact: boolean }) {
  const { t } = useTranslator()
  return (
    <Button
      // react-aria's Button passes no aria-keyshortcuts through: set on the element itself.
      ref={(button) => button?.setAttribute('aria-keyshortcuts', ariaKeyShortcuts('Control+K'))}
      aria-label={compact ? t(m.search) : undefined}
      className={css.search}
      onHoverStart={preloadPalette}
      onFocus={preloadPalette}
      onPress={() => (actor ?? early)?.send({ type: 'palette.open' })}
    >
      <Search size={16} aria-hidden="true" strokeWidth={1.75} />
      {!compact && <span>{t(m.search)}</span>}
      {!compact && (
        <kbd className={css.searchKeys} aria-hidden="true">
          {isApplePlatform(typeof navigator === 'undefined' ? undefined : navigator) ? '⌘K' : 'Ctrl K'}
        </kbd>
      )}
    </Button>
  )
}

/**
 * The shell's header (SPEC §2.3, §2.6): the 'Toggle sidebar' button, the logo, the workspace
 * switcher, the notifications bell, the credits summary, and the user menu, hidden while the
 * header is compact (under 1024 px). Issue #16: at 390 px nothing in it is clipped or overflows
 * (the bell's slot keeps room for its badge; the start shrinks, the end never does).
 */
import PanelLeft from 'lucide-react/icons/panel-left'
import { Link } from 'react-aria-components'
import { selectUser } from '../../../machines/auth/auth.selectors.ts'
import { selectIsHeaderCompact, selectIsToggleExpanded } from '../../../machines/sidebar/sidebar.selectors.ts'
import { useAuth, useSidebar, useSidebarActor } from '../../system/react.tsx'
import { Logo } from '../Logo.tsx'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { CreditsSummary } from './CreditsSummary.tsx'
import { NotificationsBell } from './NotificationsBell.tsx'
import * as css from './Header.css.ts'
import { UserMenu } from './UserMenu.tsx'
import { WorkspaceSwitcher } from './WorkspaceSwitcher.tsx'

export function Header() {
  const sidebar = useSidebarActor()
  const toggleExpanded = useSidebar(selectIsToggleExpanded)
  const compact = useSidebar(selectIsHeaderCompact)
  const user = useAuth(selectUser)
  return (
    <header className={css.header} data-compact={compact || undefined}>
      <div className={css.start}>
        <IconButton label="Toggle sidebar" aria-expanded={toggleExpanded} onPress={() => sidebar.send({ type: 'sidebar.toggle' })}>
          <PanelLeft size={18} aria-hidden="true" strokeWidth={1.75} />
        </IconButton>
        <Link href="/app/dashboard" aria-label="Engage home" className={css.logo}>
          <Logo size={28} withWordmark={!compact} />
        </Link>
        <WorkspaceSwitcher />
      </div>
      <div className={css.end}>
        <div className={css.slot} data-slot="notifications">
          <NotificationsBell />
        </div>
        <CreditsSummary />
        {!compact && user && <UserMenu user={user} />}
      </div>
    </header>
  )
}

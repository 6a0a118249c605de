/**
 * The dashboard layout of SPEC §2.3: the sidebar, the header and the content area, plus the
 * slot of the floating bug-report button (hidden on /app/integrations pages). It tells the
 * sidebar machine when a shell is on screen (the Ctrl/Cmd+B shortcut listens only then) and
 * when the path changes (the drawer closes on navigation). Its first focusable element is the
 * 'Skip to content' link to the main landmark. Under the header, the 'You're offline' status
 * while the browser is offline. Once it has painted and the
 * browser is idle it fetches the overlay surfaces, so the first popover, menu or
 * tooltip opens without waiting.
 */
import { type ReactNode, useEffect, useRef } from 'react'
import { selectPanelState, selectSidebarMode } from '../../../machines/sidebar/sidebar.selectors.ts'
import { whenIdle } from '../../navigation/idle.ts'
import { showsBugReportButton } from '../../navigation/paths.ts'
import { InvitationsHost } from '../../system/invitations-host.tsx'
import { useSidebar, useSidebarActor } from '../../system/react.tsx'
import { preloadOverlaySurfaces } from '../primitives/overlays/surfaces.tsx'
import { SkipLink, mainProps } from '../SkipLink.tsx'
import { Header } from './Header.tsx'
import { NeedsConnection } from './NeedsConnection.tsx'
import { OfflineStatus } from './OfflineStatus.tsx'
import * as css from './Shell.css.ts'
import { Sidebar } from './Sidebar.tsx'

export function Shell({ pathname, children }: { pathname: string; children: ReactNode }) {
  const sidebar = useSidebarActor()
  const mode = useSidebar(selectSidebarMode)
  const panel = useSidebar(selectPanelState)

  useEffect(() => whenIdle(() => void preloadOverlaySurfaces().catch(() => {})), [])

  useEffect(() => {
    sidebar.send({ type: 'sidebar.mounted' })
    return () => sidebar.send({ type: 'sidebar.unmounted' })
  }, [sidebar])

  // Back/forward and links outside the sidebar navigate too; the drawer closes on any of them.
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    sidebar.send({ type: 'sidebar.navigated' })
  }, [sidebar, pathname])

  return (
    // The switcher's pending invitations live as long as the shell; offline, its server actions are disabled.
    <InvitationsHost>
      <NeedsConnection>
        <div className={css.shell} data-sidebar-mode={mode} data-sidebar-state={panel}>
          {/* The first Tab stop, past the sidebar and the header to the page. */}
          <SkipLink />
          <Sidebar pathname={pathname} />
          <div className={css.column}>
            <Header />
            <OfflineStatus />
            <main {...mainProps} className={css.content}>
              {children}
            </main>
          </div>
          {showsBugReportButton(pathname) && <div className={css.bugReportSlot} data-slot="bug-report" />}
        </div>
      </NeedsConnection>
    </InvitationsHost>
  )
}

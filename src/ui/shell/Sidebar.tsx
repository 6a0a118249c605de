/**
 * The sidebar (SPEC §2.3, §2.6): docked beside the content at 768 px and wider, expanded
 * (16rem) or collapsed to icons (3rem); below 768 px a slide-in drawer (18rem,
 * src/ui/shell/SidebarDrawer.tsx, loaded only then). Which of these shows is the sidebar
 * machine's state; this view reads it and sends `sidebar.*` events.
 *
 * Whenever the path changes, however it changed (a sidebar link, a link elsewhere, a
 * typed URL, back/forward), it tells the machine the group of the current page
 * (`sidebar.routeChanged`), which opens that group. Sent before paint, so the first frame already
 * shows the group open.
 */
import { Suspense, useLayoutEffect } from 'react'
import { selectPanelState, selectSidebarMode } from '../../../machines/sidebar/sidebar.selectors.ts'
import { activeGroup } from '../../navigation/routes.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { useSidebar, useSidebarActor } from '../../system/react.tsx'
import * as css from './Sidebar.css.ts'
import { SidebarNav } from './SidebarNav.tsx'

const { Component: SidebarDrawer } = lazyOnDemand(
  () => import('./SidebarDrawer.tsx'),
  (m) => m.SidebarDrawer,
)

export function Sidebar({ pathname }: { pathname: string }) {
  const sidebar = useSidebarActor()
  const mode = useSidebar(selectSidebarMode)
  const panel = useSidebar(selectPanelState)
  useLayoutEffect(() => {
    sidebar.send({ type: 'sidebar.routeChanged', group: activeGroup(pathname) })
  }, [sidebar, pathname])
  if (mode === 'drawer') {
    return (
      <Suspense fallback={null}>
        <SidebarDrawer pathname={pathname} />
      </Suspense>
    )
  }
  return (
    <div className={css.docked} data-state={panel}>
      <SidebarNav variant={panel} pathname={pathname} />
    </div>
  )
}

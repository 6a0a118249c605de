/**
 * The sidebar (SPEC §2.3, §2.6): docked beside the content at 768 px and wider, expanded
 * (16rem) or collapsed to icons (3rem); below 768 px a slide-in drawer (18rem,
 * src/ui/shell/SidebarDrawer.tsx, loaded only then). Which of these shows is the sidebar
 * machine's state; this view reads it and sends `sidebar.*` events.
 */
import { Suspense } from 'react'
import { selectPanelState, selectSidebarMode } from '../../../machines/sidebar/sidebar.selectors.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { useSidebar } from '../../system/react.tsx'
import * as css from './Sidebar.css.ts'
import { SidebarNav } from './SidebarNav.tsx'

const { Component: SidebarDrawer } = lazyOnDemand(
  () => import('./SidebarDrawer.tsx'),
  (m) => m.SidebarDrawer,
)

export function Sidebar({ pathname }: { pathname: string }) {
  const mode = useSidebar(selectSidebarMode)
  const panel = useSidebar(selectPanelState)
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

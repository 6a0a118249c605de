/**
 * The sidebar (SPEC §2.3, §2.6): docked beside the content at 768 px and wider, expanded
 * (16rem) or collapsed to icons (3rem); below 768 px a slide-in drawer (18rem) that closes on
 * navigation, Escape or a click outside. Which of these shows is the sidebar machine's state;
 * this view reads it and sends `sidebar.*` events.
 */
import { Dialog, Modal, ModalOverlay } from 'react-aria-components'
import { selectIsDrawerOpen, selectPanelState, selectSidebarMode } from '../../../machines/sidebar/sidebar.selectors.ts'
import { useSidebar, useSidebarActor } from '../../system/react.tsx'
import { LayerContext, useLayer } from '../primitives/layers.ts'
import * as css from './Sidebar.css.ts'
import { SidebarNav } from './SidebarNav.tsx'

export function Sidebar({ pathname }: { pathname: string }) {
  const sidebar = useSidebarActor()
  const mode = useSidebar(selectSidebarMode)
  const panel = useSidebar(selectPanelState)
  const drawerOpen = useSidebar(selectIsDrawerOpen)
  // The drawer is modal: on the modal layer, and overlays opened inside it stack above it.
  const drawerLayer = useLayer('modal')

  if (mode === 'drawer') {
    return (
      <ModalOverlay
        isDismissable
        isOpen={drawerOpen}
        onOpenChange={(open) => sidebar.send({ type: open ? 'sidebar.open' : 'sidebar.close' })}
        className={css.overlay}
        style={{ zIndex: drawerLayer }}
      >
        <Modal className={css.drawer}>
          <LayerContext value={drawerLayer}>
            <Dialog aria-label="Sidebar" className={css.drawerDialog}>
              <SidebarNav variant="expanded" pathname={pathname} onNavigate={() => sidebar.send({ type: 'sidebar.navigated' })} />
            </Dialog>
          </LayerContext>
        </Modal>
      </ModalOverlay>
    )
  }
  return (
    <div className={css.docked} data-state={panel}>
      <SidebarNav variant={panel} pathname={pathname} />
    </div>
  )
}

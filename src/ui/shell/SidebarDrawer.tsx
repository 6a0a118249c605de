/**
 * The sidebar as a drawer (SPEC §2.6, under 768 px): a modal that slides in, closes on navigation,
 * Escape or a click outside. Loaded only when the viewport is narrow enough to need it
 * (src/ui/shell/Sidebar.tsx), so wide screens never download the modal's code.
 */
import { Dialog, Modal, ModalOverlay } from 'react-aria-components'
import { selectIsDrawerOpen } from '../../../machines/sidebar/sidebar.selectors.ts'
import { useSidebar, useSidebarActor } from '../../system/react.tsx'
import { LayerContext, useLayer } from '../primitives/layers.ts'
import * as css from './Sidebar.css.ts'
import { SidebarNav } from './SidebarNav.tsx'
import { useTranslator } from '../../i18n/react.tsx'
import { shellMessages as m } from './shell.messages.ts'

export function SidebarDrawer({ pathname }: { pathname: string }) {
  const sidebar = useSidebarActor()
  const drawerOpen = useSidebar(selectIsDrawerOpen)
  // The drawer is modal: on the modal layer, and overlays opened inside it stack above it.
  const drawerLayer = useLayer('modal')
  const { t } = useTranslator()
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
          <Dialog aria-label={t(m.sidebar)} className={css.drawerDialog}>
            <SidebarNav variant="expanded" pathname={pathname} onNavigate={() => sidebar.send({ type: 'sidebar.navigated' })} />
          </Dialog>
        </LayerContext>
      </Modal>
    </ModalOverlay>
  )
}

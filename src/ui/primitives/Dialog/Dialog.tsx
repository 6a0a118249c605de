/**
 * Dialog primitive: `Modal` is react-aria ModalOverlay + Modal + Dialog, always
 * named by its `title` (the Dialog's `Heading slot="title"`), with focus trapped inside and
 * returned to the trigger on close (react-aria). Props:
 * - `title: string`; `description?: ReactNode` (under the title, the dialog's description);
 * - `children?` (the body) and `footer?` (the actions, at the end): a node, or a function of
 *   `{ close }`; a Button with `slot="close"` in either closes the modal too;
 * - `size?: 'sm' | 'md'` (`MODAL_SIZES`, 400 / 560 px, default 'md');
 * - `isDismissable?: boolean` (default true): a Close IconButton, Escape and a click outside
 *   close it; false leaves only the modal's own actions (e.g. a required choice);
 * - `role?: 'dialog' | 'alertdialog'` (default 'dialog');
 * - `titleLevel?: 1 | 2` (default 2): 1 for a modal that stands for the whole page;
 * - `backdrop?: 'scrim' | 'opaque'` (default 'scrim'): 'opaque' hides the page entirely (a gate);
 * - controlled with `isOpen` / `onOpenChange` (or `defaultOpen`), or opened as the second child
 *   of a react-aria `DialogTrigger` (re-exported here) after its trigger button.
 *
 * The backdrop sits on the `modal` layer, above everything but toasts (layers.ts); overlays
 * opened inside (tooltips, menus) stack above it.
 */
import X from 'lucide-react/icons/x'
import { type ReactNode, useId } from 'react'
import { Dialog as AriaDialog, Modal as AriaModal, Heading, ModalOverlay } from 'react-aria-components'
import { IconButton } from '../IconButton/IconButton.tsx'
import { LayerContext, useLayer } from '../layers.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import { primitivesMessages as m } from '../primitives.messages.ts'
import * as css from './Dialog.css.ts'

export { DialogTrigger } from 'react-aria-components'

export const MODAL_SIZES = ['sm', 'md'] as const
export type ModalSize = (typeof MODAL_SIZES)[number]

type Slot = ReactNode | ((dialog: { close: () => void }) => ReactNode)

export interface ModalProps {
  title: string
  description?: ReactNode
  children?: Slot
  footer?: Slot
  size?: ModalSize
  isDismissable?: boolean
  role?: 'dialog' | 'alertdialog'
  titleLevel?: 1 | 2
  backdrop?: 'scrim' | 'opaque'
  isOpen?: boolean
  defaultOpen?: boolean
  onOpenChange?: (isOpen: boolean) => void
}

const fill = (slot: Slot, close: () => void): ReactNode => (typeof slot === 'function' ? slot({ close }) : slot)

export function Modal({
  title,
  description,
  children,
  footer,
  size = 'md',
  isDismissable = true,
  role = 'dialog',
  titleLevel = 2,
  backdrop = 'scrim',
  isOpen,
  defaultOpen,
  onOpenChange,
}: ModalProps) {
  const { t } = useTranslator()
  const zIndex = useLayer('modal')
  const descriptionId = useId()
  return (
    <ModalOverlay
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={!isDismissable}
      className={backdrop === 'opaque' ? `${css.overlay} ${css.opaque}` : css.overlay}
      style={{ zIndex }}
    >
      <AriaModal className={css.size[size]}>
        <LayerContext value={zIndex}>
          <AriaDialog role={role} className={css.dialog} aria-describedby={description ? descriptionId : undefined}>
            {({ close }) => (
              <>
                <div className={css.head}>
                  <div className={css.titles}>
                    <Heading slot="title" level={titleLevel} className={css.title}>
                      {title}
                    </Heading>
                    {description ? (
                      <p id={descriptionId} className={css.description}>
                        {description}
                      </p>
                    ) : null}
                  </div>
                  {isDismissable ? (
                    <IconButton label={t(m.close)} slot="close" size="md" className={css.close}>
                      <X size={18} />
                    </IconButton>
                  ) : null}
                </div>
                {children !== undefined ? <div className={css.body}>{fill(children, close)}</div> : null}
                {footer !== undefined ? <div className={css.footer}>{fill(footer, close)}</div> : null}
              </>
            )}
          </AriaDialog>
        </LayerContext>
      </AriaModal>
    </ModalOverlay>
  )
}

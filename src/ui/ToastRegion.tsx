/**
 * Renders the toasts of the toasts actor (SPEC §3 Toast). Errors are announced assertively,
 * the others politely. Text is rendered as text, never as HTML.
 *
 * Each type has its icon (success, error, info: not colour alone), a toast's action
 * (e.g. 'Undo') is a button that sends `toast.act`, and the region sits clear of the floating
 * bug-report button (bottom-centre on phones, bottom-right above it on wider screens). The region
 * is a react-aria top layer, so it stays readable, focusable and clickable while a popover (the
 * notifications panel) is open, and pressing in it does not close that popover.
 */
import CircleAlert from 'lucide-react/icons/circle-alert'
import CircleCheck from 'lucide-react/icons/circle-check'
import Info from 'lucide-react/icons/info'
import X from 'lucide-react/icons/x'
import type { ComponentType } from 'react'
import type { ToastType } from '../../machines/toasts/toasts.machine.ts'
import { useToastList, useToastsActor } from '../system/toasts.tsx'
import { Button } from './primitives/Button/Button.tsx'
import { IconButton } from './primitives/IconButton/IconButton.tsx'
import { LayerContext, zIndex } from './primitives/layers.ts'
import * as css from './ToastRegion.css.ts'
import { useTranslator } from '../i18n/react.tsx'
import { toastMessages as m } from './toast.messages.ts'

/** One icon per toast type (decorative: the message says what happened). */
export const TOAST_ICONS: Readonly<Record<ToastType, ComponentType<{ size?: number; 'aria-hidden'?: 'true'; className?: string }>>> = {
  success: CircleCheck,
  error: CircleAlert,
  info: Info,
}

export function ToastRegion() {
  const toasts = useToastList()
  const actor = useToastsActor()
  const translator = useTranslator()
  return (
    <section className={css.region} aria-label={translator.t(m.region)} data-react-aria-top-layer="">
      {/* The region is on the toast layer: the Dismiss tooltips open above it. */}
      <LayerContext value={zIndex.toast}>
        {toasts.map((t) => {
          const Icon = TOAST_ICONS[t.type]
          return (
            <div key={t.id} className={css.toast[t.type]} role={t.type === 'error' ? 'alert' : 'status'}>
              <Icon size={18} aria-hidden="true" className={css.icon[t.type]} />
              <span className={css.message}>{translator.text(t.message)}</span>
              {t.action && (
                <Button variant="ghost" size="sm" className={css.action} onPress={() => actor.send({ type: 'toast.act', id: t.id })}>
                  {translator.text(t.action.label)}
                </Button>
              )}
              <IconButton label={translator.t(m.dismiss)} size="sm" className={css.dismiss} onPress={() => actor.send({ type: 'toast.dismiss', id: t.id })}>
                <X size={16} aria-hidden="true" />
              </IconButton>
            </div>
          )
        })}
      </LayerContext>
    </section>
  )
}

/**
 * Renders the toasts of the toasts actor (SPEC §3 Toast). Errors are announced assertively,
 * the others politely. Text is rendered as text, never as HTML.
 */
import X from 'lucide-react/icons/x'
import { useToastList, useToastsActor } from '../system/toasts.tsx'
import { IconButton } from './primitives/IconButton/IconButton.tsx'
import { LayerContext, zIndex } from './primitives/layers.ts'
import * as css from './ToastRegion.css.ts'

export function ToastRegion() {
  const toasts = useToastList()
  const actor = useToastsActor()
  return (
    <section className={css.region} aria-label="Notifications from Engage">
      {/* The region is on the toast layer: the Dismiss tooltips open above it. */}
      <LayerContext value={zIndex.toast}>
        {toasts.map((t) => (
          <div key={t.id} className={css.toast[t.type]} role={t.type === 'error' ? 'alert' : 'status'}>
            <span className={css.message}>{t.message}</span>
            <IconButton label="Dismiss" size="sm" className={css.dismiss} onPress={() => actor.send({ type: 'toast.dismiss', id: t.id })}>
              <X size={16} aria-hidden="true" />
            </IconButton>
          </div>
        ))}
      </LayerContext>
    </section>
  )
}

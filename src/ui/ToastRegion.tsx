/**
 * Renders the toasts of the toasts actor (SPEC §3 Toast). Errors are announced assertively,
 * the others politely. Text is rendered as text, never as HTML.
 */
import { Button } from 'react-aria-components'
import { useToastList, useToastsActor } from '../system/toasts.tsx'
import * as css from './ToastRegion.css.ts'

export function ToastRegion() {
  const toasts = useToastList()
  const actor = useToastsActor()
  return (
    <section className={css.region} aria-label="Notifications from Engage">
      {toasts.map((t) => (
        <div key={t.id} className={css.toast[t.type]} role={t.type === 'error' ? 'alert' : 'status'}>
          <span className={css.message}>{t.message}</span>
          <Button className={css.dismiss} aria-label="Dismiss" onPress={() => actor.send({ type: 'toast.dismiss', id: t.id })}>
            ×
          </Button>
        </div>
      ))}
    </section>
  )
}

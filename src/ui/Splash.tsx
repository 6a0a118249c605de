import { Logo } from './Logo.tsx'
import * as css from './Splash.css.ts'

/** SPEC.md §2.2: the splash (logo and spinner) shown while authentication or routes load. */
export function Splash() {
  return (
    <div className={css.splash} role="status" aria-live="polite" aria-label="Loading Engage">
      <Logo size={44} />
      <div className={css.spinner} />
    </div>
  )
}

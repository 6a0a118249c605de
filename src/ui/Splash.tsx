import { useTranslator } from '../i18n/react.tsx'
import { useSplashShown } from '../navigation/idle.ts'
import { splashMessages } from './app.messages.ts'
import { Logo } from './Logo.tsx'
import * as css from './Splash.css.ts'

/** SPEC.md §2.2: the splash (logo and spinner) shown while authentication or routes load. */
export function Splash() {
  const { t } = useTranslator()
  useSplashShown()
  return (
    <div className={css.splash} role="status" aria-live="polite" aria-label={t(splashMessages.loading)}>
      <Logo size={44} />
      <div className={css.spinner} />
    </div>
  )
}

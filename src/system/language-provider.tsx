/**
 * The app's language provider: the language actor's language, with dates and times in the
 * signed-in person's saved time zone (`user.time_zone` of verify-token; the browser's zone when
 * none is saved or nobody is signed in).
 */
import type { ReactNode } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { LanguageMachine } from '../../machines/language/language.machine.ts'
import { LanguageActorProvider } from '../i18n/react.tsx'
import { useAuth } from './react.tsx'

/** {@link LanguageActorProvider} in the signed-in person's time zone. Needs `AuthActorProvider` above it. */
export function PersonLanguageProvider({ actor, children }: { actor: ActorRefFrom<LanguageMachine>; children: ReactNode }) {
  const timeZone = useAuth((s) => s.context.user?.time_zone ?? null)
  return (
    <LanguageActorProvider actor={actor} timeZone={timeZone}>
      {children}
    </LanguageActorProvider>
  )
}

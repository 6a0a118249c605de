/**
 * One helper for the app's React contexts that hand an actor (or the API) to views: a provider,
 * a hook that throws outside the provider (a wiring bug, not a user error), and an optional hook.
 */
import { createContext, type ReactNode, useContext } from 'react'

export function requiredContext<T>(providerName: string) {
  const Context = createContext<T | null>(null)
  return {
    /** `null` provides nothing yet (a deferred actor before it starts): `use` throws, `useOptional` answers null. */
    Provider: ({ value, children }: { value: T | null; children: ReactNode }) => <Context.Provider value={value}>{children}</Context.Provider>,
    /** The value; throws when used outside the provider. */
    use(): T {
      const value = useContext(Context)
      if (value === null) throw new Error(`This component must be used inside <${providerName}>`)
      return value
    },
    /** The value, or null outside the provider. */
    useOptional: (): T | null => useContext(Context),
  }
}

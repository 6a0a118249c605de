/** React access to the theme controller (src/platform/theme.ts): the Profile tab's theme choice. */
import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react'
import { memoryTheme, type ThemeController, type ThemePreference } from '../platform/theme.ts'

const ThemeContext = createContext<ThemeController>(memoryTheme())

export function ThemeProvider({ controller, children }: { controller: ThemeController; children: ReactNode }) {
  return <ThemeContext.Provider value={controller}>{children}</ThemeContext.Provider>
}

/** The current preference and a setter; re-renders when it changes (here or in another tab). */
export function useThemePreference(): [ThemePreference, (next: ThemePreference) => void] {
  const controller = useContext(ThemeContext)
  const preference = useSyncExternalStore(controller.subscribe, controller.preference, controller.preference)
  return [preference, controller.setPreference]
}

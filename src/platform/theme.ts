/**
 * The colour theme (ours: SPEC §4 keeps the `theme` storage key across the version-update
 * refresh): light, dark or system, stored in localStorage under `theme`, applied to <html> as the
 * theme class before the first render (src/main.tsx) and whenever it changes. With `system` the
 * page follows the operating system's `prefers-color-scheme`, live.
 */

/** localStorage key (SPEC §4 lists it among the keys the update keeps). */
export const THEME_KEY = 'theme'
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const
export type ThemePreference = (typeof THEME_PREFERENCES)[number]
/** The themes a preference resolves to. */
export type ThemeName = 'light' | 'dark'
/** The class that applies each theme (src/ui/theme.css.ts `themes`), passed in so this adapter knows nothing of the UI. */
export type ThemeClassNames = Readonly<Record<ThemeName, string>>

/** The stored preference; `system` when nothing (or something unknown) is stored. */
export function readThemePreference(storage: Pick<Storage, 'getItem'>): ThemePreference {
  try {
    const stored = storage.getItem(THEME_KEY)
    return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system'
  } catch {
    return 'system'
  }
}

/** The theme a preference shows, given whether the system prefers dark. */
export function resolveTheme(preference: ThemePreference, prefersDark: boolean): ThemeName {
  return preference === 'system' ? (prefersDark ? 'dark' : 'light') : preference
}

export interface ThemeController {
  preference(): ThemePreference
  /** Stores the preference and applies it at once. */
  setPreference(preference: ThemePreference): void
  subscribe(listener: () => void): () => void
}

/**
 * Applies the stored theme to `win.document.documentElement` now and keeps it applied: on
 * `setPreference`, on the system scheme changing (for `system`), and when another tab stores a
 * new preference (the `storage` event). `themes` names the class of each theme.
 */
export function startTheme(win: Window, themes: ThemeClassNames): ThemeController {
  const media = win.matchMedia?.('(prefers-color-scheme: dark)')
  const listeners = new Set<() => void>()
  let preference = readThemePreference(win.localStorage)
  const apply = () => {
    const root = win.document.documentElement
    const theme = resolveTheme(preference, media?.matches ?? false)
    for (const [name, className] of Object.entries(themes)) root.classList.toggle(className, name === theme)
    root.style.colorScheme = theme
  }
  const changed = () => {
    apply()
    listeners.forEach((l) => l())
  }
  apply()
  media?.addEventListener?.('change', () => {
    if (preference === 'system') apply()
  })
  win.addEventListener('storage', (e) => {
    if (e.key !== THEME_KEY && e.key !== null) return
    preference = readThemePreference(win.localStorage)
    changed()
  })
  return {
    preference: () => preference,
    setPreference(next) {
      preference = next
      try {
        win.localStorage.setItem(THEME_KEY, next)
      } catch {
        // storage disabled: the choice lasts until the page is left
      }
      changed()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** A controller that only remembers (stories, tests): nothing is stored or applied. */
export function memoryTheme(initial: ThemePreference = 'system'): ThemeController {
  let preference = initial
  const listeners = new Set<() => void>()
  return {
    preference: () => preference,
    setPreference(next) {
      preference = next
      listeners.forEach((l) => l())
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

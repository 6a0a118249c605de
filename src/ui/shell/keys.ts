/**
 * How the shell names its keyboard shortcuts: which platform's keys to show, and the
 * `aria-keyshortcuts` value of a Control shortcut. Apart from the list of every shortcut
 * (src/ui/shell/shortcuts.ts), which only the help and the palette show (it loads with them).
 */

/** True on Apple platforms, where Control shortcuts are shown (and pressed) with ⌘. */
export function isApplePlatform(nav: Pick<Navigator, 'platform' | 'userAgent'> | undefined): boolean {
  return nav !== undefined && /Mac|iPhone|iPad|iPod/.test(nav.platform || nav.userAgent)
}

/** The `aria-keyshortcuts` value of a Control shortcut: both Control and Meta (⌘) work. */
export const ariaKeyShortcuts = (keys: string): string => (keys.startsWith('Control+') ? `${keys} Meta+${keys.slice('Control+'.length)}` : keys)

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { themes } from '../ui/theme.css.ts'
import { readThemePreference, resolveTheme, startTheme, THEME_KEY } from './theme.ts'

afterEach(() => {
  localStorage.clear()
  document.documentElement.className = ''
})

describe('theme (light, dark, system; localStorage `theme`)', () => {
  it('reads the stored preference; anything else is system', () => {
    localStorage.setItem(THEME_KEY, 'dark')
    expect(readThemePreference(localStorage)).toBe('dark')
    localStorage.setItem(THEME_KEY, 'purple')
    expect(readThemePreference(localStorage)).toBe('system')
    localStorage.removeItem(THEME_KEY)
    expect(readThemePreference(localStorage)).toBe('system')
  })

  it('system follows the operating system', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
  })

  it('applies the stored theme at start and a new choice at once, and stores it', () => {
    localStorage.setItem(THEME_KEY, 'dark')
    const theme = startTheme(window, themes)
    const root = document.documentElement
    expect(root.classList.contains(themes.dark)).toBe(true)
    expect(root.style.colorScheme).toBe('dark')
    let notified = 0
    theme.subscribe(() => void notified++)
    theme.setPreference('light')
    expect(root.classList.contains(themes.light)).toBe(true)
    expect(root.classList.contains(themes.dark)).toBe(false)
    expect(localStorage.getItem(THEME_KEY)).toBe('light')
    expect(notified).toBe(1)
  })

  it('follows a choice made in another tab', () => {
    const theme = startTheme(window, themes)
    localStorage.setItem(THEME_KEY, 'dark')
    window.dispatchEvent(new StorageEvent('storage', { key: THEME_KEY, newValue: 'dark' }))
    expect(theme.preference()).toBe('dark')
    expect(document.documentElement.classList.contains(themes.dark)).toBe(true)
  })
})

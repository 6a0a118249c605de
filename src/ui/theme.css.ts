/**
 * The one theme contract (light and dark). Components use only these variables.
 */
import { createTheme, createThemeContract, globalStyle } from '@vanilla-extract/css'

export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    text: null,
    textMuted: null,
    border: null,
    primary: null,
    primaryHover: null,
    primaryText: null,
    danger: null,
    dangerSurface: null,
    success: null,
    focusRing: null,
    /** The backdrop behind modals and drawers: dims the page in either theme. */
    scrim: null,
  },
  space: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null },
  radius: { sm: null, md: null, lg: null },
  font: { body: null, sizeSm: null, sizeMd: null, sizeLg: null, sizeXl: null },
  shadow: { card: null },
})

const shared = {
  space: { xs: '4px', sm: '8px', md: '12px', lg: '16px', xl: '24px', xxl: '40px' },
  radius: { sm: '6px', md: '10px', lg: '16px' },
  font: {
    body: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
    sizeSm: '0.8125rem',
    sizeMd: '0.9375rem',
    sizeLg: '1.125rem',
    sizeXl: '1.5rem',
  },
}

export const lightTheme = createTheme(vars, {
  color: {
    background: '#f6f7fb',
    surface: '#ffffff',
    surfaceRaised: '#ffffff',
    text: '#14161f',
    textMuted: '#5b6172',
    border: '#dfe2ea',
    primary: '#4f46e5',
    primaryHover: '#4338ca',
    primaryText: '#ffffff',
    danger: '#b42318',
    dangerSurface: '#fef3f2',
    // Green text on white at 5.7:1 (WCAG AA 4.5:1 for text: the delivered and enabled badges).
    success: '#067647',
    focusRing: '#818cf8',
    scrim: 'rgba(16, 24, 40, 0.45)',
  },
  ...shared,
  shadow: { card: '0 1px 2px rgba(16,24,40,.06), 0 8px 24px rgba(16,24,40,.08)' },
})

export const darkTheme = createTheme(vars, {
  color: {
    background: '#0e1016',
    surface: '#161922',
    surfaceRaised: '#1d212c',
    text: '#eceef4',
    textMuted: '#a0a6b8',
    border: '#2b3040',
    primary: '#818cf8',
    primaryHover: '#a5b4fc',
    primaryText: '#0e1016',
    danger: '#fda29b',
    dangerSurface: '#3b1a17',
    success: '#32d583',
    focusRing: '#a5b4fc',
    scrim: 'rgba(0, 0, 0, 0.6)',
  },
  ...shared,
  shadow: { card: '0 1px 2px rgba(0,0,0,.4), 0 8px 24px rgba(0,0,0,.4)' },
})

export const themes = { light: lightTheme, dark: darkTheme } as const
export type ThemeName = keyof typeof themes

globalStyle('html, body', { margin: 0, padding: 0, height: '100%' })
globalStyle('body', {
  fontFamily: vars.font.body,
  fontSize: vars.font.sizeMd,
  color: vars.color.text,
  background: vars.color.background,
  WebkitFontSmoothing: 'antialiased',
})
globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('#root', { minHeight: '100%' })
// A field whose text takes its own direction (`dir="auto"`) follows the page while it shows its
// placeholder: Chromium resolves an empty one left to right, which put an Arabic placeholder on the left.
globalStyle('input[dir="auto"]:placeholder-shown, textarea[dir="auto"]:placeholder-shown', { direction: 'inherit' })

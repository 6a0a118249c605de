/**
 * The viewports of the Storybook toolbar (.storybook/preview.tsx), around the mobile breakpoint
 * of SPEC §9 (under 768 px the sidebar is a drawer and the header compact). Stories whose
 * machines follow the window width (the app shell) read the chosen one with `viewportWidth`.
 */
import { MOBILE_BREAKPOINT_PX } from '../machines/sidebar/sidebar.machine.ts'

export const viewports = {
  mobile: { name: `Mobile (390 px, under the ${MOBILE_BREAKPOINT_PX} px breakpoint)`, styles: { width: '390px', height: '844px' }, type: 'mobile' },
  belowBreakpoint: { name: `Just under the breakpoint (${MOBILE_BREAKPOINT_PX - 1} px)`, styles: { width: `${MOBILE_BREAKPOINT_PX - 1}px`, height: '900px' }, type: 'tablet' },
  atBreakpoint: { name: `At the breakpoint (${MOBILE_BREAKPOINT_PX} px)`, styles: { width: `${MOBILE_BREAKPOINT_PX}px`, height: '900px' }, type: 'tablet' },
  desktop: { name: 'Desktop (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const

/** The width (px) of the toolbar's viewport (`globals.viewport`), or null when none is chosen (the canvas fills the window). */
export function viewportWidth(globals: Record<string, unknown>): number | null {
  const raw = globals.viewport
  const value = typeof raw === 'object' && raw !== null ? (raw as { value?: string }).value : typeof raw === 'string' ? raw : undefined
  if (!value) return null
  if (value in viewports) return Number.parseInt(viewports[value as keyof typeof viewports].styles.width, 10)
  const custom = /^(\d+)(px)?-/.exec(value) // the toolbar's '{width}-{height}' form
  return custom ? Number(custom[1]) : null
}

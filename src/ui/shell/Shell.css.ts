import { style } from '@vanilla-extract/css'
import { FLOATING_BUTTON_CLEARANCE } from '../bugReport/BugReport.css.ts'
import { zIndex } from '../primitives/layers.ts'
import { vars } from '../theme.css.ts'

export const shell = style({ display: 'flex', minHeight: '100vh', background: vars.color.background })

export const column = style({ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' })

export const content = style({
  flex: 1,
  width: '100%',
  maxWidth: 1200,
  margin: '0 auto',
  padding: vars.space.xl,
  // The floating bug-report button (48 px, 24 px from the corner) never covers a page's last line:
  // the page can always scroll its end clear of it. In drawer mode (phones) the button docks
  // after the page instead (src/ui/bugReport/BugReport.css.ts), so no room is kept for it.
  paddingBottom: FLOATING_BUTTON_CLEARANCE,
  // The skip link focuses the landmark itself (tabIndex -1): no ring around the whole page.
  outline: 'none',
  selectors: { [`${shell}[data-sidebar-mode="drawer"] &`]: { padding: vars.space.lg } },
})

/** Where the floating bug-report button goes: the bottom-right corner, above the content (the sticky layer). */
export const bugReportSlot = style({ position: 'fixed', insetInlineEnd: vars.space.xl, bottom: vars.space.xl, zIndex: zIndex.sticky })

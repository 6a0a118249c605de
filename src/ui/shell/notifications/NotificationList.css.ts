/** The notifications list and its states (loading, error, empty, 'Load more'). Theme variables only. */
import { style } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'

export const list = style({ listStyle: 'none', margin: 0, padding: 0 })
/** Loading and empty texts (and the bell's placeholder while the panel's code loads). */
export const message = style({ padding: vars.space.lg, textAlign: 'center', fontSize: vars.font.sizeSm, color: vars.color.textMuted })
export const error = style([message, { color: vars.color.danger }])
/** The row under the list holding 'Load more'. */
export const foot = style({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderTop: `1px solid ${vars.color.border}`,
})

/** The page's scroll container for the virtualised list: the viewport below the page header. */
export const virtualScroller = style({ maxHeight: 'calc(100vh - 220px)', minHeight: 240, overflowY: 'auto' })

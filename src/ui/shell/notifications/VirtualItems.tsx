/**
 * The page's list, virtualised (@tanstack/react-virtual): only the rows in view (plus overscan)
 * are in the DOM, so thousands of loaded notifications scroll smoothly. Rows are measured, since
 * bodies wrap to one or two lines. A row's content is memoised (`NotificationContent`): a page
 * appended below, or a change of state elsewhere, re-renders only each row's `li` (its position
 * and `aria-setsize`), not its buttons and links.
 */
import { useVirtualizer } from '@tanstack/react-virtual'
import { type ReactNode, useCallback, useEffect, useRef } from 'react'
import type { DisplayRow } from '../../../../machines/notifications/notifications.selectors.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import { inboxMessages as m } from './inbox.messages.ts'
import * as css from './NotificationList.css.ts'
import type { NotificationItemProps } from './NotificationItem.tsx'

/** A first guess of a row's height (px) before it is measured. */
const ESTIMATED_ROW_PX = 84
const estimateRowSize = () => ESTIMATED_ROW_PX

export function VirtualItems({
  items,
  render,
  cursor,
}: {
  items: ReadonlyArray<DisplayRow>
  render: (d: DisplayRow, extra: Pick<NotificationItemProps, 'row'>) => ReactNode
  /** The id of the row under the keyboard cursor, kept in view. */
  cursor: string | null
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const { t } = useTranslator()
  const getItemKey = useCallback((index: number) => items[index]?.notification._id ?? index, [items])
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimateRowSize,
    overscan: 8,
    getItemKey,
  })
  const cursorIndex = cursor === null ? -1 : items.findIndex((d) => d.notification._id === cursor)
  useEffect(() => {
    if (cursorIndex >= 0) virtualizer.scrollToIndex(cursorIndex, { align: 'auto' })
  }, [cursorIndex, virtualizer])
  return (
    <div ref={scrollRef} className={css.virtualScroller}>
      <ul className={css.list} aria-label={t(m.notifications)} style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const d = items[row.index]
          if (!d) return null
          return render(d, { row: { index: row.index, count: items.length, start: row.start, measure: virtualizer.measureElement } })
        })}
      </ul>
    </div>
  )
}

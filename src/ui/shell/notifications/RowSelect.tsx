/**
 * The page: a row's selection checkbox, a native one (react-aria's was most of a row's render),
 * memoised like the row's content: the virtual list renders every row in view again as it scrolls.
 */
import { memo } from 'react'
import { useTranslator } from '../../../i18n/react.tsx'
import { RowCheckbox } from '../../primitives/Checkbox/Checkbox.tsx'
import { inboxMessages as m } from './inbox.messages.ts'
import * as css from './NotificationItem.css.ts'

export const RowSelect = memo(function RowSelect({ id, title, selected, toggle }: { id: string; title: string; selected: boolean; toggle: (id: string) => void }) {
  const { t } = useTranslator()
  return (
    <span className={css.select}>
      <RowCheckbox isSelected={selected} onChange={() => toggle(id)} aria-label={t(m.select, { title })} />
    </span>
  )
})

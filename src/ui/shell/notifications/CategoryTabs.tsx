/**
 * All categories, then one tab per SPEC §3 category with inbox items, each with its count
 * (`selectCategoryTabs`; '99+' above 99, as the server stops counting at 100), named and ordered in
 * the reader's language; shown over the inbox (All and Unread), not the Snoozed and Archived views.
 */
import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components'
import { isOutsideView } from '../../../../machines/notifications/notifications.list.ts'
import {
  type CategoryTab,
  categoryText,
  countText,
  selectCategory,
  selectCategoryTabs,
  selectFilter,
} from '../../../../machines/notifications/notifications.selectors.ts'
import { useTranslator } from '../../../i18n/react.tsx'
import type { NotificationsActor } from '../../../system/react.tsx'
import * as css from './CategoryTabs.css.ts'
import { inboxMessages as m } from './inbox.messages.ts'

/** The tab key of "every category" (not a SPEC §3 category). */
const ALL_CATEGORIES = '__all'

const sameTabs = (a: ReadonlyArray<CategoryTab>, b: ReadonlyArray<CategoryTab>) =>
  a.length === b.length && a.every((t, i) => t.category === b[i]!.category && t.count === b[i]!.count)

export function CategoryTabs({ actor }: { actor: NotificationsActor }) {
  const tabs = useSelector(actor, selectCategoryTabs, sameTabs)
  const category = useSelector(actor, selectCategory)
  const filter = useSelector(actor, selectFilter)
  const translator = useTranslator()
  const { t } = translator
  const named = useMemo(
    () =>
      tabs
        .map((tab) => ({ ...tab, label: translator.text(categoryText(tab.category)) }))
        .sort((a, b) => a.label.localeCompare(b.label, translator.locale)),
    [tabs, translator],
  )
  if (isOutsideView(filter) || tabs.length === 0) return null
  return (
    <ToggleButtonGroup
      aria-label={t(m.category)}
      className={css.categories}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[category ?? ALL_CATEGORIES]}
      onSelectionChange={(keys) => {
        const [key] = [...keys]
        if (key === undefined) return
        actor.send({ type: 'notifications.category', category: key === ALL_CATEGORIES ? null : String(key) })
      }}
    >
      <ToggleButton id={ALL_CATEGORIES} className={css.category}>
        {t(m.allCategories)}
      </ToggleButton>
      {named.map((tab) => (
        <ToggleButton key={tab.category} id={tab.category} className={css.category} aria-label={t(m.categoryTab, { category: tab.label, count: countText(tab.count) })}>
          {tab.label}
          <span className={css.categoryCount} aria-hidden="true">
            {countText(tab.count)}
          </span>
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  )
}

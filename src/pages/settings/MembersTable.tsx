/**
 * The Team Members page's members (SPEC §2.4 Team Members): a react-aria Table virtualised by
 * react-aria's own Virtualizer (TableLayout), so a workspace of 10,000 members puts only the rows
 * in view in the DOM while the table stays a `grid` that knows every listed row: `aria-rowcount`
 * and each row's `aria-rowindex` count them all, and the arrow keys move through all of them
 * (the focused row is scrolled in and kept rendered). TanStack Virtual would render a table of
 * only the visible rows, which screen readers and the keyboard would take for the whole list.
 *
 * Rows have one height (names, emails and roles cut with an ellipsis), so the scroll length is
 * known before rows are drawn. The buttons' column is as wide as its buttons in the reader's
 * language (measured from an unseen copy). Where the table gets less than 640 px (a phone, or 768 px
 * beside the sidebar), or less than the other columns' least widths beside the buttons, it has two
 * columns: the member (name, email, status and roles on three lines) and their buttons one above
 * the other, so nothing scrolls sideways and every action is on screen. Near the end of the listed
 * rows the load-more sentinel asks the `team` actor for the next page (`team.loadMore`); the actor
 * decides whether one is due.
 * Each row keeps 'Edit roles' and 'Remove' (permission-gated, SPEC §5); the last Super Admin
 * gets neither Remove nor a way to lose the role here (the server refuses it too: 409).
 */
import { useSelector } from '@xstate/react'
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import {
  Cell,
  Collection,
  Column,
  Row,
  Table,
  TableBody,
  TableHeader,
  TableLayout,
  TableLoadMoreItem,
  Virtualizer,
  VisuallyHidden,
} from 'react-aria-components'
import type { TeamMember } from '../../../contract/team.ts'
import { teamMessages as m } from '../../../machines/team/team.messages.ts'
import { type MemberRow, selectCanLoadMore, selectHasMoreMembers, selectIsLoadingMore } from '../../../machines/team/team.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { GatedButton, type GatedButtonProps } from '../../ui/GatedButton.tsx'
import { buttonStyle } from '../../ui/primitives/Button/Button.tsx'
import { primitivesMessages } from '../../ui/primitives/primitives.messages.ts'
import * as settings from './settings.css.ts'
import * as css from './MembersTable.css.ts'
import type { TeamActor } from './TeamView.tsx'

/** A member's status as shown. */
export const STATUS_LABELS = { active: m.statusActive, invited: m.statusInvited } as const satisfies Record<TeamMember['status'], unknown>

const LAYOUT = { rowHeight: css.ROW_PX, headingHeight: css.HEADING_PX, loaderHeight: css.LOADER_PX } as const
const COMPACT_LAYOUT = { rowHeight: css.COMPACT_ROW_PX, headingHeight: css.HEADING_PX, loaderHeight: css.LOADER_PX } as const

/** The table's height (px): its rows' when few, else {@link css.MAX_TABLE_PX} with the body scrolling. */
export function membersTableHeight(rows: number, hasMore: boolean, rowPx: number = css.ROW_PX): number {
  return Math.min(css.MAX_TABLE_PX, css.HEADING_PX + rows * rowPx + (hasMore ? css.LOADER_PX : 0) + 2)
}

/**
 * The element's width (px) as it changes: its content box (inside border and padding) or its border
 * box; null until measured, and where nothing measures.
 */
function useWidth(ref: RefObject<HTMLElement | null>, box: 'content' | 'border'): number | null {
  const [width, setWidth] = useState<number | null>(null)
  useEffect(() => {
    const element = ref.current
    if (element === null || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => setWidth((box === 'content' ? entry?.contentRect.width : entry?.borderBoxSize[0]?.inlineSize) ?? null))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, box])
  return width
}

/** What the name, email, status and roles columns need at least, together (px). */
const OTHER_COLUMNS_MIN_PX = Object.values(css.COLUMN_MIN_PX).reduce((sum, px) => sum + px, 0)

/**
 * Whether a table `tableWidth` px wide takes the two-column layout: below {@link css.COMPACT_BELOW_PX},
 * or when its five columns would not fit beside buttons `actionsWidth` px wide (the reader's
 * language's), which would otherwise scroll sideways. Wide until measured.
 */
export function isCompact(tableWidth: number | null, actionsWidth: number): boolean {
  return tableWidth !== null && tableWidth < Math.max(css.COMPACT_BELOW_PX, OTHER_COLUMNS_MIN_PX + actionsWidth)
}

export function MembersTable({ actor, rows }: { actor: TeamActor; rows: ReadonlyArray<MemberRow> }) {
  const { t } = useTranslator()
  const hasMore = useSelector(actor, selectHasMoreMembers)
  const loadingMore = useSelector(actor, selectIsLoadingMore)
  const canLoadMore = useSelector(actor, selectCanLoadMore)
  // The sentinel calls back on every change of the collection: ask only when the actor can take it.
  const canLoad = useRef(canLoadMore)
  canLoad.current = canLoadMore
  // The collection keys its items by `id`.
  const items = useMemo(() => rows.map((row) => ({ id: row.member.user_id, row })), [rows])
  const box = useRef<HTMLDivElement>(null)
  const measure = useRef<HTMLDivElement>(null)
  // The buttons' width in this language (1 px for rounding), and the layout that fits them.
  const measured = useWidth(measure, 'border')
  const actionsWidth = measured === null ? css.ACTIONS_FALLBACK_PX : Math.ceil(measured) + 1
  const compact = isCompact(useWidth(box, 'content'), actionsWidth)
  return (
    <div className={css.box} ref={box}>
      <div ref={measure} className={css.actionsMeasure} aria-hidden="true">
        <span className={buttonStyle({ variant: 'secondary', size: 'sm' })}>{t(m.editRoles)}</span>
        <span className={buttonStyle({ variant: 'danger', size: 'sm' })}>{t(m.remove)}</span>
      </div>
      <Virtualizer layout={TableLayout} layoutOptions={compact ? COMPACT_LAYOUT : LAYOUT}>
        <Table
          aria-label={t(m.tableLabel)}
          className={css.table}
          style={{ height: membersTableHeight(rows.length, hasMore, compact ? css.COMPACT_ROW_PX : css.ROW_PX) }}
        >
          <TableHeader>
            <Column id="name" isRowHeader className={css.column} defaultWidth="2fr" minWidth={css.COLUMN_MIN_PX.name}>
              {t(m.columnName)}
            </Column>
            {!compact && (
              <Column id="email" className={css.column} defaultWidth="2fr" minWidth={css.COLUMN_MIN_PX.email}>
                {t(m.columnEmail)}
              </Column>
            )}
            {!compact && (
              <Column id="status" className={css.column} defaultWidth="1fr" minWidth={css.COLUMN_MIN_PX.status}>
                {t(m.columnStatus)}
              </Column>
            )}
            {!compact && (
              <Column id="roles" className={css.column} defaultWidth="2fr" minWidth={css.COLUMN_MIN_PX.roles}>
                {t(m.columnRoles)}
              </Column>
            )}
            <Column id="actions" className={css.column} defaultWidth={compact ? '1fr' : actionsWidth} minWidth={compact ? 120 : actionsWidth}>
              <VisuallyHidden>{t(primitivesMessages.actions)}</VisuallyHidden>
            </Column>
          </TableHeader>
          <TableBody>
            <Collection items={items} dependencies={[t, actor, compact]}>
              {(item) => <MemberTableRow row={item.row} actor={actor} compact={compact} />}
            </Collection>
            {hasMore && (
              <TableLoadMoreItem
                ref={dropRowLevel}
                className={css.loader}
                isLoading={loadingMore}
                scrollOffset={2}
                onLoadMore={() => {
                  if (canLoad.current) actor.send({ type: 'team.loadMore' })
                }}
              >
                {t(m.loadingMore)}
              </TableLoadMoreItem>
            )}
          </TableBody>
        </Table>
      </Virtualizer>
    </div>
  )
}

/**
 * react-aria-components marks the loading row with `aria-level`, which only a treegrid's rows may
 * carry (ARIA 1.2; this table is a grid): removed once the row mounts, so assistive technology
 * meets a plain row. React sets it again only if the level changed, and it is always 1 here.
 */
function dropRowLevel(row: HTMLElement | null) {
  row?.removeAttribute('aria-level')
}

function MemberTableRow({ row, actor, compact }: { row: MemberRow; actor: TeamActor; compact: boolean }) {
  const { t } = useTranslator()
  const { member, roleNames, isLastSuperAdmin } = row
  const name = (
    <span className={css.clip} dir="auto" title={member.fullName}>
      {member.fullName}
    </span>
  )
  const email = (
    <span className={css.clip} title={member.email}>
      {member.email}
    </span>
  )
  const status = <span className={member.status === 'active' ? settings.badgeStrong : settings.badge}>{t(STATUS_LABELS[member.status])}</span>
  const roles =
    roleNames.length === 0 ? (
      <span className={settings.muted}>{t(m.noRoles)}</span>
    ) : (
      <span className={css.roles} title={roleNames.join(', ')}>
        {roleNames.map((role) => (
          <span key={role} className={settings.badge} dir="auto">
            {role}
          </span>
        ))}
      </span>
    )
  return (
    <Row id={member.user_id} className={css.row}>
      {compact ? (
        // One cell for the member: the row header's name first, then the rest of the card's lines.
        <Cell className={css.stackedCell}>
          <span className={css.title}>{name}</span>
          {email}
          <span className={css.line}>
            {status}
            {roles}
          </span>
        </Cell>
      ) : (
        <Cell className={css.cell}>{name}</Cell>
      )}
      {!compact && <Cell className={css.cell}>{email}</Cell>}
      {!compact && <Cell className={css.cell}>{status}</Cell>}
      {!compact && <Cell className={css.cell}>{roles}</Cell>}
      <Cell className={css.cell}>
        <div className={compact ? css.stackedActions : css.actions}>
          <MemberButton action="UPDATE" variant="secondary" onPress={() => actor.send({ type: 'team.editRoles', userId: member.user_id })}>
            {t(m.editRoles)}
            <VisuallyHidden> {t(m.forName, { name: member.fullName })}</VisuallyHidden>
          </MemberButton>
          {/* A workspace keeps at least one Super Admin; the server refuses it too (409). */}
          {isLastSuperAdmin ? (
            <span className={settings.muted}>{t(m.onlySuperAdmin)}</span>
          ) : (
            <MemberButton action="DELETE" variant="danger" onPress={() => actor.send({ type: 'team.remove', userId: member.user_id })}>
              {t(m.remove)}
              <VisuallyHidden> {member.fullName}</VisuallyHidden>
            </MemberButton>
          )}
        </div>
      </Cell>
    </Row>
  )
}

/** A member row's small button, gated on its TEAM_MEMBERS permission (SPEC §5). */
function MemberButton({ action, ...props }: Pick<GatedButtonProps, 'variant' | 'onPress' | 'children'> & { action: 'UPDATE' | 'DELETE' }) {
  return <GatedButton resource="TEAM_MEMBERS" action={action} size="sm" {...props} />
}

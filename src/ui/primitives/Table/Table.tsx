/**
 * Table: rows of records with named columns (the team members, the billing usage).
 *
 * A react-aria Table (role `grid`: arrow-key navigation, optional sorting and selection). Where
 * it gets 640 px or more it is a normal table; narrower (a container query on its own width, so a
 * tablet with the sidebar open gets cards too) every row becomes a card titled by its row header, and every other cell shows its column's name beside its value (rendered labels, hidden
 * from screen readers, which have the column headers), so nothing scrolls sideways at 390 px.
 *
 * Props: `aria-label`; `columns` ({ id, name, cell(row), isRowHeader?, allowsSorting?,
 * align? 'start' | 'end', hideName?, isEmpty?(row) }[], the first column is the row header unless
 * one says so; a cell `isEmpty` says has no value is left out of its card); `rows`; `getRowId?(row)` (default `row.id`); `rowActions?(row)` (a trailing column of
 * buttons, headed `rowActionsLabel`, default 'Actions'); `onRowAction?(id)`;
 * `renderEmptyState?()`; `sortDescriptor?` + `onSortChange?`; `selectionMode?` ('none' |
 * 'single' | 'multiple') + `selectedKeys?` / `defaultSelectedKeys?` + `onSelectionChange?`.
 *
 * `StaticTable`: the same look and stacked layout as a semantic `<table>` (role `table`, named by
 * its `caption`) for read-only figures nobody navigates cell by cell (the billing usage): screen
 * readers offer their table reading commands there, which a `grid` turns into application mode.
 */
import ArrowDownIcon from 'lucide-react/icons/arrow-down'
import ArrowUpIcon from 'lucide-react/icons/arrow-up'
import ChevronsUpDownIcon from 'lucide-react/icons/chevrons-up-down'
import type { ReactNode } from 'react'
import {
  Cell,
  Column,
  Row,
  Table as AriaTable,
  TableBody,
  TableHeader,
  VisuallyHidden,
  type Key,
  type Selection,
  type SortDescriptor,
} from 'react-aria-components'
import { Checkbox } from '../Checkbox/Checkbox.tsx'
import { useTranslator } from '../../../i18n/react.tsx'
import { primitivesMessages as m } from '../primitives.messages.ts'
import * as css from './Table.css.ts'

export type { Key, Selection, SortDescriptor }

/** How a column's cells line up: text at the start, numbers at the end (story control options). */
export const TABLE_ALIGNS = ['start', 'end'] as const
export type TableAlign = (typeof TABLE_ALIGNS)[number]

/** The selection modes a Table takes (story control options). */
export const TABLE_SELECTION_MODES = ['none', 'single', 'multiple'] as const
export type TableSelectionMode = (typeof TABLE_SELECTION_MODES)[number]

export interface TableColumn<R> {
  /** The column's key (the `column` of a sort descriptor). */
  readonly id: string
  /** The header text, also the label of each cell in the stacked layout. */
  readonly name: string
  /** The cell of one row. */
  readonly cell: (row: R) => ReactNode
  /** The cell that names its row for screen readers (default: the first column). */
  readonly isRowHeader?: boolean
  readonly allowsSorting?: boolean
  readonly align?: TableAlign
  /** Keep the header for screen readers only, and show no label in the stacked layout. */
  readonly hideName?: boolean
  /**
   * True for a row with no value in this column: its card (stacked layout) leaves the line out
   * instead of showing the label over a placeholder; the table layout keeps the cell as drawn.
   */
  readonly isEmpty?: (row: R) => boolean
}

export interface TableProps<R> {
  /** What the table holds, e.g. 'Team members'. */
  readonly 'aria-label': string
  readonly columns: ReadonlyArray<TableColumn<R>>
  readonly rows: ReadonlyArray<R>
  /** A row's stable id (default: its `id` property). */
  readonly getRowId?: (row: R) => string
  /** The buttons of one row (Edit, Remove), in a trailing column. */
  readonly rowActions?: (row: R) => ReactNode
  /** The actions column's header for screen readers (default 'Actions'). */
  readonly rowActionsLabel?: string
  /** Called with a row's id when a person activates the row itself (Enter, a click). */
  readonly onRowAction?: (id: string) => void
  /** Shown in the body when there are no rows. */
  readonly renderEmptyState?: () => ReactNode
  readonly sortDescriptor?: SortDescriptor
  readonly onSortChange?: (descriptor: SortDescriptor) => void
  readonly selectionMode?: TableSelectionMode
  readonly selectedKeys?: Selection
  readonly defaultSelectedKeys?: Selection
  readonly onSelectionChange?: (keys: Selection) => void
}

const defaultRowId = (row: unknown): string => String((row as { id?: unknown }).id)

/** A responsive react-aria table: a table where it gets 640 px or more, a list of cards under that. */
export function Table<R>({
  columns,
  rows,
  getRowId = defaultRowId,
  rowActions,
  rowActionsLabel,
  onRowAction,
  renderEmptyState,
  selectionMode = 'none',
  ...props
}: TableProps<R>) {
  const { t } = useTranslator()
  const rowHeaderId = (columns.find((c) => c.isRowHeader) ?? columns[0])?.id
  const selectable = selectionMode !== 'none'
  return (
    <div className={css.host}>
      <div className={css.container}>
        <AriaTable className={css.table} {...props} selectionMode={selectionMode} onRowAction={onRowAction ? (key) => onRowAction(String(key)) : undefined}>
          <TableHeader className={css.header}>
            {selectable && (
              <Column id="__selection" className={`${css.column} ${selectionMode === 'single' ? css.hiddenWhenStacked : ''}`}>
                {selectionMode === 'multiple' ? <Checkbox slot="selection" /> : <VisuallyHidden>{t(m.select)}</VisuallyHidden>}
              </Column>
            )}
            {columns.map((column) => (
              <Column
                key={column.id}
                id={column.id}
                isRowHeader={column.id === rowHeaderId}
                allowsSorting={column.allowsSorting}
                className={[css.column, column.allowsSorting ? '' : css.hiddenWhenStacked, column.align === 'end' ? css.columnEnd : ''].join(' ')}
              >
                {({ allowsSorting, sortDirection }) => (
                  <span className={css.columnInner}>
                    {column.hideName ? <VisuallyHidden>{column.name}</VisuallyHidden> : column.name}
                    {allowsSorting && <SortIcon direction={sortDirection} />}
                  </span>
                )}
              </Column>
            ))}
            {rowActions && (
              <Column id="__actions" className={`${css.column} ${css.hiddenWhenStacked}`}>
                <VisuallyHidden>{rowActionsLabel ?? t(m.actions)}</VisuallyHidden>
              </Column>
            )}
          </TableHeader>
          <TableBody className={css.body} renderEmptyState={renderEmptyState ? () => renderEmptyState() : undefined}>
            {rows.map((row) => {
              const id = getRowId(row)
              return (
                <Row key={id} id={id} className={css.row}>
                  {selectable && (
                    <Cell className={css.controlCell}>
                      <Checkbox slot="selection" />
                    </Cell>
                  )}
                  {columns.map((column) => (
                    <Cell
                      key={column.id}
                      className={[css.cell[column.align ?? 'start'], column.id === rowHeaderId ? css.rowHeaderCell : '', column.isEmpty?.(row) ? css.emptyWhenStacked : ''].join(' ')}
                    >
                      {/* The row header is the card's title when stacked: it needs no label. */}
                      {!column.hideName && column.id !== rowHeaderId && (
                        <span className={css.cellLabel} aria-hidden="true">
                          {column.name}
                        </span>
                      )}
                      <span>{column.cell(row)}</span>
                    </Cell>
                  ))}
                  {rowActions && (
                    <Cell className={css.controlCell}>
                      <div className={css.actions}>{rowActions(row)}</div>
                    </Cell>
                  )}
                </Row>
              )
            })}
          </TableBody>
        </AriaTable>
      </div>
    </div>
  )
}

/** The sort mark of a sortable header: the direction when sorted by it, else a faint both-ways mark. */
function SortIcon({ direction }: { direction: SortDescriptor['direction'] | undefined }) {
  const Icon = direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ChevronsUpDownIcon
  return <Icon className={css.sortIcon} size={14} aria-hidden="true" />
}

export interface StaticTableProps<R> {
  /** The visible caption, which also names the table. */
  readonly caption: string
  readonly columns: ReadonlyArray<Pick<TableColumn<R>, 'id' | 'name' | 'cell' | 'isRowHeader' | 'align'>>
  readonly rows: ReadonlyArray<R>
  /** A row's stable id (default: its `id` property). */
  readonly getRowId?: (row: R) => string
}

/** A read-only responsive table: a semantic table where it gets 640 px or more, a list of cards under that. */
export function StaticTable<R>({ caption, columns, rows, getRowId = defaultRowId }: StaticTableProps<R>) {
  const rowHeaderId = (columns.find((c) => c.isRowHeader) ?? columns[0])?.id
  return (
    <div className={css.host}>
      <div className={css.container}>
        <table className={css.table}>
          <caption className={css.caption}>{caption}</caption>
          <thead className={css.header}>
            <tr>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={[css.column, css.hiddenWhenStacked, column.align === 'end' ? css.columnEnd : ''].join(' ')}>
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={css.body}>
            {rows.map((row) => (
              <tr key={getRowId(row)} className={css.row}>
                {columns.map((column) => {
                  const Tag = column.id === rowHeaderId ? 'th' : 'td'
                  return (
                    <Tag
                      key={column.id}
                      scope={Tag === 'th' ? 'row' : undefined}
                      className={`${css.cell[column.align ?? 'start']} ${Tag === 'th' ? css.rowHeaderCell : ''}`}
                    >
                      {Tag === 'td' && (
                        <span className={css.cellLabel} aria-hidden="true">
                          {column.name}
                        </span>
                      )}
                      <span>{column.cell(row)}</span>
                    </Tag>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

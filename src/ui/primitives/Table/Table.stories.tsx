import type { Meta, StoryObj } from '@storybook/react-vite'
import { useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { expect, fn, mocked, userEvent, waitFor, within } from 'storybook/test'
import { EmptyState } from '../EmptyState/EmptyState.tsx'
import { STACKED_BELOW_PX } from './Table.css.ts'
import { type SortDescriptor, StaticTable, TABLE_SELECTION_MODES, Table, type TableColumn, type TableProps } from './Table.tsx'

interface Member {
  readonly id: string
  readonly name: string
  readonly email: string
  readonly status: 'Active' | 'Invited'
  readonly roles: string
}

const members: ReadonlyArray<Member> = [
  { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@acme.test', status: 'Active', roles: 'Administrator' },
  {
    id: 'u-grace',
    name: 'Grace Hopper',
    email: 'grace.brewster.murray.hopper@a-rather-long-company-name.example',
    status: 'Invited',
    roles: 'Support Agent, Viewer',
  },
  { id: 'u-sam', name: 'Sam Carter', email: 'sam@acme.test', status: 'Active', roles: 'Viewer' },
]

const memberColumns: ReadonlyArray<TableColumn<Member>> = [
  { id: 'name', name: 'Name', cell: (m) => m.name, isRowHeader: true },
  { id: 'email', name: 'Email', cell: (m) => m.email },
  { id: 'status', name: 'Status', cell: (m) => m.status },
  { id: 'roles', name: 'Roles', cell: (m) => m.roles },
]

type Args = TableProps<Member>

const meta: Meta<Args> = {
  title: 'Primitives/Table',
  component: Table,
  args: { 'aria-label': 'Team members', columns: memberColumns, rows: members },
  argTypes: { selectionMode: { control: 'inline-radio', options: TABLE_SELECTION_MODES } },
  parameters: { layout: 'padded' },
  globals: { viewport: { value: 'desktop', isRotated: false } },
  render: (args) => <Table {...args} />,
}
export default meta
type Story = StoryObj<Args>

/** The labels a cell shows in the stacked layout, visible or not. */
function cellLabels(row: HTMLElement, name: string) {
  return within(row).getAllByText(name, { selector: '[aria-hidden="true"]' })
}

/** 1280 px: a normal table; every row renders, the cells show no labels of their own. */
export const Desktop: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const table = canvas.getByRole('grid', { name: 'Team members' })
    // The grid's body renders once it has measured itself (a frame after mount in the built site).
    await expect(
      (await within(table).findAllByRole('columnheader'))
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Status', 'Roles'])
    await expect(within(table).getAllByRole('row')).toHaveLength(members.length + 1)
    const ada = canvas.getByRole('row', { name: 'Ada Lovelace' })
    await expect(within(ada).getByRole('gridcell', { name: 'ada@acme.test' })).toBeVisible()
    await expect(cellLabels(ada, 'Email')[0]).not.toBeVisible()
  },
}

/** 390 px: every row is a card titled by its row header, every other cell labelled with its column, nothing scrolls sideways. */
export const Mobile: Story = {
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(window.innerWidth).toBe(390)
    for (const member of members) {
      const row = await canvas.findByRole('row', { name: member.name })
      const [title, ...others] = memberColumns
      await expect(within(row).queryAllByText(title!.name, { selector: '[aria-hidden="true"]' })).toHaveLength(0)
      for (const column of others) await expect(cellLabels(row, column.name)[0]).toBeVisible()
      await expect(within(row).getByText(member.email)).toBeVisible()
    }
    // The headers left the screen but not the accessibility tree.
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(memberColumns.length)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
    const grace = canvas.getByRole('row', { name: 'Grace Hopper' })
    await expect(grace.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
  },
}

/** Just under the breakpoint (a 639 px wide box, in a wide window): still stacked. The layout follows the table's own width. */
export const JustUnderTheBreakpoint: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: STACKED_BELOW_PX - 1 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(cellLabels(await within(canvasElement).findByRole('row', { name: 'Sam Carter' }), 'Status')[0]).toBeVisible()
  },
}

/** At the breakpoint (a 640 px wide box): a table again. */
export const AtTheBreakpoint: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: STACKED_BELOW_PX }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(cellLabels(await within(canvasElement).findByRole('row', { name: 'Sam Carter' }), 'Status')[0]).not.toBeVisible()
  },
}

const rowActions = (onEdit: (id: string) => void, onRemove: (id: string) => void) => (m: Member) => (
  <>
    <Button onPress={() => onEdit(m.id)}>Edit roles for {m.name}</Button>
    <Button onPress={() => onRemove(m.id)}>Remove {m.name}</Button>
  </>
)

/** Row actions: a trailing column of buttons per row. */
export const WithRowActions: StoryObj<Args & { onEdit: (id: string) => void; onRemove: (id: string) => void }> = {
  args: { onEdit: fn(), onRemove: fn() },
  render: ({ onEdit, onRemove, ...args }) => <Table {...args} rowActions={rowActions(onEdit, onRemove)} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('columnheader', { name: 'Actions' })).toBeInTheDocument()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Grace Hopper' }))
    await expect(args.onRemove).toHaveBeenCalledWith('u-grace')
    await expect(args.onEdit).not.toHaveBeenCalled()
  },
}

/** Row actions at 390 px: the buttons wrap inside the card. */
export const WithRowActionsMobile: typeof WithRowActions = {
  ...WithRowActions,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const button = await within(canvasElement).findByRole('button', { name: 'Remove Grace Hopper' })
    await expect(button).toBeVisible()
    await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth)
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth)
  },
}

/** A table the story sorts when a header asks, as a selector would. */
function SortedMembers(props: Args) {
  const [sort, setSort] = useState<SortDescriptor>({ column: 'name', direction: 'ascending' })
  const rows = useMemo(() => {
    const key = sort.column as keyof Member
    const sorted = [...props.rows].sort((a, b) => a[key].localeCompare(b[key]))
    return sort.direction === 'ascending' ? sorted : sorted.reverse()
  }, [props.rows, sort])
  return (
    <Table
      {...props}
      columns={props.columns.map((c) => (c.id === 'name' || c.id === 'email' ? { ...c, allowsSorting: true } : c))}
      rows={rows}
      sortDescriptor={sort}
      onSortChange={(next) => {
        setSort(next)
        props.onSortChange?.(next)
      }}
    />
  )
}

/** Sortable columns: a click on 'Name' reverses the order. */
export const Sortable: Story = {
  args: { onSortChange: fn() },
  render: (args) => <SortedMembers {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    // Each row header holds the stacked label, then the value.
    const names = () => canvas.getAllByRole('rowheader').map((cell) => cell.lastElementChild?.textContent)
    const name = await canvas.findByRole('columnheader', { name: 'Name' })
    await expect(name).toHaveAttribute('aria-sort', 'ascending')
    await expect(names()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Sam Carter'])
    await userEvent.click(name)
    await expect(args.onSortChange).toHaveBeenCalledWith({ column: 'name', direction: 'descending' })
    await waitFor(() => expect(names()).toEqual(['Sam Carter', 'Grace Hopper', 'Ada Lovelace']))
  },
}

/** Sortable at 390 px: the sortable headers stay on screen as chips. */
export const SortableMobile: Story = {
  ...Sortable,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('columnheader', { name: 'Email' })).toBeVisible()
    await userEvent.click(canvas.getByRole('columnheader', { name: 'Email' }))
    await waitFor(() => expect(canvas.getByRole('columnheader', { name: 'Email' })).toHaveAttribute('aria-sort', 'ascending'))
  },
}

/** `selectionMode="multiple"`: a box per row and a select-all box. */
export const MultipleSelection: Story = {
  args: { selectionMode: 'multiple', onSelectionChange: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const grace = await canvas.findByRole('row', { name: 'Grace Hopper' })
    await userEvent.click(within(grace).getByRole('checkbox'))
    await expect(grace).toHaveAttribute('aria-selected', 'true')
    const selected = () => mocked(args.onSelectionChange!).mock.lastCall?.[0]
    await expect([...(selected() as Set<string>)]).toEqual(['u-grace'])
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select All' }))
    await expect(selected()).toBe('all')
  },
}

/** No rows: the empty state slot. */
export const Empty: Story = {
  args: { rows: [], renderEmptyState: () => <EmptyState title="No team members yet" description="Invite someone to get started." /> },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('heading', { level: 2, name: 'No team members yet' })).toBeVisible()
  },
}

interface Usage {
  readonly id: string
  readonly label: string
  readonly credits: number
  readonly share: number
}

const usage: ReadonlyArray<Usage> = [
  { id: 'calls', label: 'Calls', credits: 1200, share: 60 },
  { id: 'messages', label: 'Messages', credits: 600, share: 30 },
  { id: 'emails', label: 'Emails', credits: 200, share: 10 },
]

const usageColumns: ReadonlyArray<TableColumn<Usage>> = [
  { id: 'category', name: 'Category', cell: (r) => r.label },
  { id: 'credits', name: 'Credits used', cell: (r) => r.credits.toLocaleString('en-US'), align: 'end' },
  { id: 'share', name: 'Share', cell: (r) => `${r.share}%`, align: 'end' },
]

/** Numbers aligned at the end (the billing usage table), in the dark theme. */
export const NumericDark: StoryObj<TableProps<Usage>> = {
  globals: { theme: 'dark', viewport: { value: 'desktop', isRotated: false } },
  render: () => <Table aria-label="Credits used by category" columns={usageColumns} rows={usage} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const calls = await canvas.findByRole('row', { name: 'Calls' })
    const credits = within(calls).getByRole('gridcell', { name: '1,200' })
    await expect(getComputedStyle(credits).textAlign).toBe('right')
  },
}

/** `StaticTable`: read-only figures as a semantic table, named by its caption (the billing usage). */
export const Static: Story = {
  render: () => <StaticTable caption="Credits used by category, November 2026" columns={usageColumns} rows={usage} />,
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Credits used by category, November 2026' })
    await expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Calls', 'Messages', 'Emails'])
    await expect(within(table).getByRole('row', { name: /Messages/ })).toHaveTextContent('600')
  },
}

/** `StaticTable` at 390 px: cards titled by the category, the figures labelled. */
export const StaticMobile: Story = {
  ...Static,
  globals: { viewport: { value: 'mobile', isRotated: false } },
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('row', { name: /Messages/ })
    await expect(cellLabels(row, 'Credits used')[0]).toBeVisible()
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390)
  },
}

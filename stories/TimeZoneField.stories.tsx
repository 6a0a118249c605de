import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { isTimeZone } from '../contract/notifications.ts'
import { TimeZoneField } from '../src/pages/preferences/TimeZoneField.tsx'
import { timeZoneOptions } from '../src/pages/preferences/timeZones.ts'

/**
 * The quiet hours' time zone picker on its own, over a stand-in for the preferences
 * machine (a picked zone is kept; a zone the contract refuses shows its message). The play
 * functions are its behaviour tests in Chromium: typing filters, the button shows every zone (only
 * the rows in view are rendered), Escape puts the zone back, typed text is handed over on Enter.
 */
const meta: Meta = {
  title: 'Pages/Notification settings/Time zone field',
  tags: ['!autodocs'],
  // A zone's row is named by its label ('Europe/Berlin', aria-labelledby) and described by its
  // details (aria-describedby), React Aria's label and description slots. axe's label-in-name
  // check takes all of a row's text for its label, details included, so every row with details fails.
  parameters: { a11y: { config: { rules: [{ id: 'label-content-name-mismatch', enabled: false }] } } },
}
export default meta

/** The zones a list offers, by their rows' names (each row also carries the zone's details). */
const optionNames = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('option')
    .map((o) => o.querySelector('[slot="label"]')?.textContent ?? o.textContent)

/** The commits a story saw, newest last (reset by each play function). */
const commits: string[] = []

function Harness({ initial }: { initial: string }) {
  const [zone, setZone] = useState(initial)
  return (
    <div style={{ padding: 24, width: 360 }}>
      <TimeZoneField
        label="Time zone"
        value={zone}
        onCommit={(z) => {
          commits.push(z)
          setZone(z)
        }}
        error={isTimeZone(zone) ? undefined : 'Choose a time zone from the list'}
      />
    </div>
  )
}

const body = () => within(document.body)

/** Clicks `option` once the list has stopped scrolling (react-aria's list takes no pointer events while it scrolls, about 300 ms). */
async function pick(option: HTMLElement) {
  await waitFor(() => expect(getComputedStyle(option).pointerEvents).not.toBe('none'))
  await userEvent.click(option)
}
const showAll = /^Show all time zones/

/** Forgets earlier commits, then replaces the field's text with `text` as a person types it; returns the field. */
async function typeZone(canvasElement: HTMLElement, text: string): Promise<HTMLElement> {
  commits.length = 0
  const input = within(canvasElement).getByRole('combobox', { name: 'Time zone' })
  await userEvent.clear(input)
  await userEvent.type(input, text)
  return input
}

/** Typing "berl" leaves one zone in the list; picking it shows and commits Europe/Berlin; "new_york" finds New York. */
export const TypingFilters: StoryObj = {
  render: () => <Harness initial="UTC" />,
  play: async ({ canvasElement }) => {
    const input = await typeZone(canvasElement, 'berl')
    const listbox = await body().findByRole('listbox')
    await waitFor(() => expect(optionNames(listbox)[0]).toBe('Europe/Berlin'))
    const berlin = within(listbox).getByRole('option', { name: 'Europe/Berlin' })
    // Focus leaving for a row (a click on a list that is already closing) hands over no half-typed zone.
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: berlin }))
    await expect(commits).toEqual([])
    await pick(berlin)
    await expect(input).toHaveValue('Europe/Berlin')
    await expect(commits).toEqual(['Europe/Berlin'])
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await new Promise((r) => setTimeout(r, 300))
    await expect(body().queryByRole('listbox')).toBeNull()
    // Ids are typed with underscores; the list shows spaces.
    await userEvent.clear(input)
    await userEvent.type(input, 'new_york')
    await waitFor(async () => expect(optionNames(await body().findByRole('listbox'))[0]).toBe('America/New York'))
  },
}

/** The button opens every zone, whatever the text, at the chosen one; only the rows in view are in the page. */
export const ShowAll: StoryObj = {
  render: () => <Harness initial="Europe/Berlin" />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: showAll }))
    const listbox = await body().findByRole('listbox')
    const chosen = await within(listbox).findByRole('option', { name: 'Europe/Berlin' })
    await waitFor(() => {
      const [row, view] = [chosen.getBoundingClientRect(), listbox.getBoundingClientRect()]
      expect(row.top).toBeGreaterThanOrEqual(view.top)
      expect(row.bottom).toBeLessThanOrEqual(view.bottom)
    })
    const rendered = within(listbox).getAllByRole('option')
    await expect(rendered.length).toBeGreaterThan(5)
    await expect(rendered.length).toBeLessThan(timeZoneOptions().length)
    // Every zone counts for assistive technology, though only some are rendered.
    await expect(Number(chosen.getAttribute('aria-setsize'))).toBe(timeZoneOptions('Europe/Berlin').length)
  },
}

/** Escape after typing closes the list and puts the chosen zone's name back; nothing is committed. */
export const EscapePutsBack: StoryObj = {
  render: () => <Harness initial="Europe/Berlin" />,
  play: async ({ canvasElement }) => {
    const input = await typeZone(canvasElement, 'tok')
    await body().findByRole('listbox')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await expect(input).toHaveValue('Europe/Berlin')
    await userEvent.click(within(canvasElement).getByRole('button', { name: showAll }))
    await expect((await within(await body().findByRole('listbox')).findAllByRole('option')).length).toBeGreaterThan(5)
    await userEvent.keyboard('{Escape}')
    // The story ends with the list gone (not mid-way through its closing), as it began.
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await expect(input).toHaveValue('Europe/Berlin')
    await expect(commits).toEqual([])
  },
}

/** A zone the list does not name is handed over on Enter, and the contract's message shows under the field. */
export const TypedZoneRefused: StoryObj = {
  render: () => <Harness initial="UTC" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const input = await typeZone(canvasElement, 'Mars/Olympus')
    // No zone matches, so the list that opened while typing closes: Enter hands the text over.
    await waitFor(() => expect(body().queryByRole('listbox')).toBeNull())
    await userEvent.keyboard('{Enter}')
    await expect(await canvas.findByText('Choose a time zone from the list')).toBeVisible()
    await expect(input).toHaveValue('Mars/Olympus')
    await expect(commits).toEqual(['Mars/Olympus'])
  },
}

/** "utc" typed and left: the runtime's own name for it is committed and shown. */
export const TypedAliasResolved: StoryObj = {
  render: () => <Harness initial="Europe/Berlin" />,
  play: async ({ canvasElement }) => {
    const input = await typeZone(canvasElement, 'utc')
    await userEvent.tab()
    await waitFor(() => expect(input).toHaveValue('UTC'))
    await expect(commits).toEqual(['UTC'])
  },
}

/** The whole id typed, its row shown but not highlighted: Enter hands over the text, as with the list closed. */
export const EnterWithTheListOpen: StoryObj = {
  render: () => <Harness initial="UTC" />,
  play: async ({ canvasElement }) => {
    const input = await typeZone(canvasElement, 'europe/berlin')
    await within(await body().findByRole('listbox')).findByRole('option', { name: 'Europe/Berlin' })
    await expect(input).not.toHaveAttribute('aria-activedescendant')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(input).toHaveValue('Europe/Berlin'))
    await expect(commits).toEqual(['Europe/Berlin'])
  },
}

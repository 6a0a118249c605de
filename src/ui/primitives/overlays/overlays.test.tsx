// @vitest-environment jsdom
import '../../testing/jsdom.ts'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { use, useState } from 'react'
import { Button, ButtonContext, Dialog, DialogTrigger, Modal } from 'react-aria-components'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SurfaceBoundary, useOpenedOnce } from './surfaces.tsx'
import { WithTooltip } from '../Tooltip/Tooltip.tsx'
import { TriggerSlot } from './trigger.tsx'

afterEach(cleanup)

describe('useOpenedOnce', () => {
  it('Scenario: false until the overlay first opens, then true for good (its surface stays mounted to animate out)', () => {
    const seen: boolean[] = []
    function Probe({ isOpen }: { isOpen: boolean }) {
      seen.push(useOpenedOnce(isOpen))
      return null
    }
    const view = render(<Probe isOpen={false} />)
    view.rerender(<Probe isOpen />)
    view.rerender(<Probe isOpen={false} />)
    expect(seen.at(0)).toBe(false)
    expect(seen.at(-1)).toBe(true)
  })
})

describe('SurfaceBoundary', () => {
  it('Scenario: nothing while the surface loads; a failed download draws nothing and warns; the next attempt draws it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let fail = true
    let download: Promise<string> | undefined
    const load = () => (download ??= new Promise<string>((resolve, reject) => setTimeout(() => (fail ? reject(new Error('offline')) : resolve('drawn')), 5)))
    function Surface() {
      return <p>{use(load())}</p>
    }
    function Host() {
      const [attempt, setAttempt] = useState(1)
      return (
        <>
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            again
          </button>
          <SurfaceBoundary attempt={attempt}>
            <Surface />
          </SurfaceBoundary>
        </>
      )
    }
    await act(async () => {
      render(<Host />)
    })
    expect(screen.queryByText('drawn')).toBeNull()
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    await waitFor(() => expect(warn).toHaveBeenCalledWith('An overlay could not be drawn:', expect.objectContaining({ message: 'offline' })))
    expect(screen.queryByText('drawn')).toBeNull()

    fail = false
    download = undefined
    // In an awaited act: React retries a surface that suspended inside one (testing-library's click is not).
    await act(async () => screen.getByRole('button', { name: 'again' }).click())
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(await screen.findByText('drawn')).toBeTruthy()
    warn.mockRestore()
    error.mockRestore()
  })
})

describe('TriggerSlot', () => {
  it('Scenario: the Button inside gets the props, chained with those of an enclosing trigger', async () => {
    const calls: string[] = []
    render(
      <ButtonContext value={{ onPress: () => calls.push('outer'), 'aria-expanded': false }}>
        <TriggerSlot props={{ onPress: () => calls.push('inner'), 'aria-haspopup': 'menu' }}>
          <Button>Open</Button>
        </TriggerSlot>
      </ButtonContext>,
    )
    const button = screen.getByRole('button', { name: 'Open' })
    expect(button.getAttribute('aria-haspopup')).toBe('menu')
    expect(button.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(button)
    expect(calls).toEqual(['outer', 'inner'])
  })

  it("Scenario: inside a Dialog, a slotted Button keeps its slot's press (the close button) and gets the props too", async () => {
    const calls: string[] = []
    render(
      <DialogTrigger defaultOpen>
        <Button>Open dialog</Button>
        <Modal>
          <Dialog aria-label="Rename">
            <TriggerSlot props={{ onPress: () => calls.push('tooltip trigger') }}>
              <Button slot="close">Close</Button>
            </TriggerSlot>
          </Dialog>
        </Modal>
      </DialogTrigger>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(calls).toEqual(['tooltip trigger'])
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('WithTooltip', () => {
  it('Scenario: a key pressed on a control with a tooltip still reaches the page (Ctrl+K opens the command palette)', async () => {
    const keys: string[] = []
    const listener = (e: KeyboardEvent) => keys.push(`${e.ctrlKey ? 'Control+' : ''}${e.key}`)
    window.addEventListener('keydown', listener)
    try {
      render(
        <WithTooltip label="Toggle sidebar">
          <Button>Toggle</Button>
        </WithTooltip>,
      )
      await userEvent.tab()
      await userEvent.keyboard('{Control>}k{/Control}')
      expect(keys).toContain('Control+k')
    } finally {
      window.removeEventListener('keydown', listener)
    }
  })
})

// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { composeTitle, createTitleController, stripCountPrefix, type TitleController } from './title.ts'

/** MutationObserver callbacks run as microtasks. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

let controller: TitleController | undefined
afterEach(() => {
  controller?.stop()
  controller = undefined
  document.title = ''
})

describe('title controller (the unread count before the page title)', () => {
  it('composes and strips a count prefix', () => {
    expect(composeTitle('(3) ', 'Overview · Engage')).toBe('(3) Overview · Engage')
    expect(composeTitle('', 'Overview · Engage')).toBe('Overview · Engage')
    expect(stripCountPrefix('(3) Overview · Engage')).toBe('Overview · Engage')
    expect(stripCountPrefix('(99+) Overview · Engage')).toBe('Overview · Engage')
    expect(stripCountPrefix('(draft) Notes · Engage')).toBe('(draft) Notes · Engage')
  })

  it('keeps the prefix in front of whatever page title is set, and the undo restores the previous page title', () => {
    document.title = 'Engage'
    controller = createTitleController(document)
    controller.setPrefix('(3) ')
    expect(document.title).toBe('(3) Engage')
    const undo = controller.setPage('Overview · Engage')
    expect(document.title).toBe('(3) Overview · Engage')
    controller.setPrefix('(2) ')
    expect(document.title).toBe('(2) Overview · Engage')
    undo()
    expect(document.title).toBe('(2) Engage')
    controller.setPrefix('')
    expect(document.title).toBe('Engage')
  })

  it('adopts a direct write to document.title (PageHeader) as the page title and prefixes it', async () => {
    document.title = 'Engage'
    controller = createTitleController(document)
    controller.setPrefix('(5) ')
    document.title = 'Team Members · Engage'
    await flush()
    expect(document.title).toBe('(5) Team Members · Engage')
    expect(controller.page()).toBe('Team Members · Engage')
    // A stale prefixed title restored on unmount is not prefixed twice.
    document.title = '(4) Engage'
    await flush()
    expect(document.title).toBe('(5) Engage')
  })

  it('a direct write seen before the observer runs is still adopted on the next change', () => {
    controller = createTitleController(document, undefined)
    controller.setPrefix('(1) ')
    document.title = 'Billing · Engage'
    controller.setPrefix('(2) ')
    expect(document.title).toBe('(2) Billing · Engage')
  })
})

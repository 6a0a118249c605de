// @vitest-environment jsdom
/** What counts as typing for the app's keyboard shortcuts (src/platform/typing.ts). */
import { describe, expect, it } from 'vitest'
import { isTextField, isTypingIn } from './typing.ts'

function element(html: string): HTMLElement {
  document.body.innerHTML = html
  return document.body.querySelector('[data-at]')!
}

describe('typing: where a key press is text', () => {
  it.each([
    ['<input data-at>', true],
    ['<input data-at type="email">', true],
    ['<input data-at type="search">', true],
    ['<input data-at type="password">', true],
    ['<textarea data-at></textarea>', true],
    ['<select data-at><option>a</option></select>', true],
    ['<div contenteditable><span data-at>x</span></div>', true],
    ['<div contenteditable="false"><span data-at>x</span></div>', false],
    ['<input data-at type="checkbox">', false],
    ['<input data-at type="radio">', false],
    ['<input data-at type="range">', false],
    ['<input data-at type="submit">', false],
    ['<button data-at>Archive</button>', false],
    ['<label><input type="checkbox"><span data-at>Select</span></label>', false],
  ])('Scenario: %s → %s', (html, expected) => {
    expect(isTextField(element(html))).toBe(expected)
  })

  it('Scenario: a key pressed with a checkbox focused is the page’s (j, e, u on the notifications page); in a text field it is typing', () => {
    const pressIn = (html: string) => {
      const target = element(html)
      target.focus()
      let typing: boolean | undefined
      target.addEventListener('keydown', (event) => void (typing = isTypingIn(event)))
      target.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', bubbles: true }))
      return typing
    }
    expect(pressIn('<input data-at type="checkbox">')).toBe(false)
    expect(pressIn('<input data-at type="text">')).toBe(true)
  })
})

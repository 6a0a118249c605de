// @vitest-environment jsdom
/** Progressive rendering: the first items at once, the rest in steps, each a render of its own. */
import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useProgressiveCount } from './useProgressiveCount.ts'

afterEach(cleanup)

function renders(total: number, first?: number, step?: number) {
  const seen: number[] = []
  function List({ n }: { n: number }) {
    const shown = useProgressiveCount(n, first, step)
    if (seen.at(-1) !== shown) seen.push(shown)
    return null
  }
  const view = render(<List n={total} />)
  return { seen, rerender: (n: number) => view.rerender(<List n={n} />) }
}

describe('useProgressiveCount', () => {
  it('draws the first items at once, then grows by steps to the whole list', () => {
    expect(renders(200).seen).toEqual([30, 70, 110, 150, 190, 200])
    cleanup()
    expect(renders(25).seen).toEqual([25])
    cleanup()
    expect(renders(10, 4, 3).seen).toEqual([4, 7, 10])
  })

  it('a list that arrives later starts at the first items; one that shrinks shows all of it', () => {
    const list = renders(0)
    list.rerender(100)
    list.rerender(12)
    expect(list.seen).toEqual([0, 30, 70, 100, 12])
  })
})

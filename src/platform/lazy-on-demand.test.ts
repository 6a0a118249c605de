import { describe, expect, it } from 'vitest'
import { lazyOnDemand } from './lazy-on-demand.ts'

const Panel = () => null

describe('lazyOnDemand', () => {
  it('downloads once however often it is asked, and again after a failed download', async () => {
    let downloads = 0
    let fail = true
    const part = lazyOnDemand(
      async () => {
        downloads++
        if (fail) throw new TypeError('Failed to fetch dynamically imported module')
        return { Panel }
      },
      (m) => m.Panel,
    )
    await expect(part.preload()).rejects.toThrow('Failed to fetch')
    fail = false
    const [a, b] = await Promise.all([part.preload(), part.preload()])
    expect(a).toBe(b)
    await part.preload()
    expect(downloads).toBe(2)
  })
})

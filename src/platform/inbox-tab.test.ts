import { describe, expect, it } from 'vitest'
import { INBOX_TAB_KEY_PREFIX, readInboxTab, writeInboxTab } from './inbox-tab.ts'

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial))
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data }
}

describe('the notification tab kept per person', () => {
  it('Scenario: what a person chose comes back for them only', () => {
    const storage = memoryStorage()
    writeInboxTab(storage, 'u-ada', { filter: 'unread', category: 'alert' })
    expect(readInboxTab(storage, 'u-ada')).toEqual({ filter: 'unread', category: 'alert' })
    expect(readInboxTab(storage, 'u-grace')).toBeNull()
    expect(readInboxTab(storage, null)).toBeNull()
    writeInboxTab(storage, null, { filter: 'archived', category: null })
    expect(storage.data.size).toBe(1)
  })

  it('Scenario: a value edited by hand, of an older shape, or naming a category the list cannot be narrowed to reads as nothing kept', () => {
    for (const raw of [
      '{',
      'null',
      '"all"',
      '{"filter":"all"}',
      '{"filter":"everything","category":null}',
      '{"filter":"all","category":"javascript:alert(1)"}',
      '{"filter":"all","category":"\\u0000"}',
    ]) {
      expect(readInboxTab(memoryStorage({ [`${INBOX_TAB_KEY_PREFIX}u-ada`]: raw }), 'u-ada')).toBeNull()
    }
  })

  it('Scenario: a full or disabled storage only forgets the choice', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
    }
    expect(() => writeInboxTab(broken, 'u-ada', { filter: 'all', category: null })).not.toThrow()
    expect(readInboxTab(broken, 'u-ada')).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { ACCOUNT_PATH, ACCOUNT_SECURITY_HREF, ACCOUNT_TABS, accountHref, accountTabOf } from './account.ts'

describe('/app/account tabs', () => {
  it('opens the tab the address names, and Profile for anything else', () => {
    for (const tab of ACCOUNT_TABS) expect(accountTabOf(tab)).toBe(tab)
    for (const other of [undefined, '', 'notification-settings', 'SECURITY', 42, ['security']]) expect(accountTabOf(other)).toBe('profile')
  })
  it('addresses each tab with ?tab=, the Profile tab with the bare path; the two-factor requirement sends people to Security', () => {
    expect(ACCOUNT_TABS.map(accountHref)).toEqual([ACCOUNT_PATH, '/app/account?tab=security', '/app/account?tab=notifications'])
    expect(ACCOUNT_SECURITY_HREF).toBe('/app/account?tab=security')
  })
})

import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { NO_PERMISSIONS, resolvePermissions } from '../../contract/permissions.ts'
import { ACCOUNT_PATH, accountTabOf } from './account.ts'
import { routeFor } from './routes.ts'
import { SETTINGS_SECTIONS, pathOf, visibleSettingsSections } from './settings-sections.ts'
import { ENGLISH } from '../i18n/catalogue.ts'
import { createTranslator } from '../i18n/translator.ts'
import { settingsSectionMessage } from './settings-sections.messages.ts'

const set = (id: string, permissions: PermissionSet['permissions'], key: string | null = null): PermissionSet => ({
  _id: id,
  permission_set_key: key,
  name: id,
  description: '',
  is_system: key !== null,
  permissions,
})
const sets = [
  set('sa', [], 'SUPER_ADMIN'),
  set('org-reader', [{ resource: 'ORGANIZATIONS', actions: ['READ'], conditions: {} }]),
  set('keys', [{ resource: 'API_KEYS', actions: ['READ'], conditions: {} }]),
]
const titles = (refs: string[]) => visibleSettingsSections(resolvePermissions(refs, sets)).map((s) => s.title)

describe('settings sections', () => {
  it('each opens a built page the route table knows, on a tab that page has', () => {
    for (const section of SETTINGS_SECTIONS) {
      const route = routeFor(pathOf(section.href))
      expect(route?.built, section.href).toBe(true)
      const tab = new URL(section.href, 'https://app.test').searchParams.get('tab')
      if (pathOf(section.href) === ACCOUNT_PATH && tab !== null) expect(accountTabOf(tab)).toBe(tab)
    }
  })

  it("everyone finds the account's sections; the workspace's and developers' only with their permissions", () => {
    const account = ['Profile', 'Language', 'Theme', 'Security', 'Password', 'Two-factor authentication', 'Passkeys', 'Sessions']
    expect(visibleSettingsSections(NO_PERMISSIONS).map((s) => s.title)).toEqual(account)
    expect(titles(['SUPER_ADMIN'])).toEqual([...account, 'Require two-factor authentication', 'Single sign-on', 'API keys', 'Webhooks', 'API reference'])
    // Reading the workspace's settings shows the requirement, not single sign-on (ORGANIZATIONS update).
    expect(titles(['org-reader'])).toEqual([...account, 'Require two-factor authentication'])
    // API keys without WEBHOOKS read: no Webhooks tab.
    expect(titles(['keys'])).toEqual([...account, 'API keys', 'API reference'])
  })
})

describe('the section list', () => {
  it('gives every section an address of its own (the palette keys its items by it)', () => {
    const hrefs = SETTINGS_SECTIONS.map((s) => s.href)
    expect(new Set(hrefs).size).toBe(hrefs.length)
  })

  it('gives every section a message, in the English of its title (the palette shows it translated)', () => {
    const english = createTranslator(ENGLISH)
    for (const section of SETTINGS_SECTIONS) {
      const message = settingsSectionMessage(section.title)
      expect(message && english.t(message), section.title).toBe(section.title)
    }
  })
})

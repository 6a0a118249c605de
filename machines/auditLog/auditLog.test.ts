import { setupI18n } from '@lingui/core'
import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { AuditActor, AuditLogPage } from '../../contract/audit.ts'
import { controllable } from '../testing/stubs.ts'
import { type AuditTranslate, describeAuditDetails } from './auditLog.details.ts'
import {
  AUDIT_NOW_MS,
  acmeAuditActors,
  emptyAuditPage,
  firstAuditPage,
  invitedEntry,
  lastAuditPage,
  renamedEntry,
  rolesChangedEntry,
  setCreatedEntry,
  signedInEntry,
} from './auditLog.fixtures.ts'
import {
  AUDIT_EXPORT_FAILED_MESSAGE,
  AUDIT_LOAD_FAILED_MESSAGE,
  type AuditExportFile,
  type AuditLogEmitted,
  type AuditLogFilters,
  type AuditPageRequest,
  AUDIT_PEOPLE_DEBOUNCE_MS,
  auditLogMachine,
} from './auditLog.machine.ts'
import {
  KIND_OPTIONS,
  kindOfOption,
  selectActorOptions,
  selectAuditLogStatus,
  selectHasMore,
  selectIsExporting,
  toAuditRows,
} from './auditLog.selectors.ts'

// The messages' own English, as the app's English translator reads them (src/i18n/translator.ts).
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
const english: AuditTranslate = (message, values) => i18n._({ id: message.id, message: message.message as string, values: values as Record<string, unknown> })

function apiFailure(status: number, code: string, message: string) {
  return Object.assign(new Error(message), { status, code, issues: [] })
}

function start(filters?: AuditLogFilters) {
  const loadPage = controllable<AuditLogPage, AuditPageRequest>()
  const loadActors = controllable<ReadonlyArray<AuditActor>, { query: string }>()
  const exportCsv = controllable<AuditExportFile, AuditLogFilters>()
  const saved: AuditExportFile[] = []
  const actor = createActor(
    auditLogMachine.provide({
      actors: { loadPage: loadPage.logic, loadActors: loadActors.logic, exportCsv: exportCsv.logic },
      actions: { saveFile: (_, params) => void saved.push(params.file) },
    }),
    { input: filters === undefined ? {} : { filters } },
  )
  const emitted: AuditLogEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  return { actor, loadPage, loadActors, exportCsv, saved, emitted }
}

const bySam: AuditLogFilters = { actor: 'u-sam', kind: null }

describe('auditLog', () => {
  it('Scenario: the newest page is listed, then "Load more" appends the next one until the last', async () => {
    const { actor, loadPage, loadActors } = start()
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('loading')
    expect(loadPage.calls).toEqual([{ actor: null, kind: null, before: null }])
    await loadActors.resolve(acmeAuditActors)
    await loadPage.resolve(firstAuditPage)
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('ready')
    expect(selectHasMore(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'auditLog.loadMore' })
    expect(loadPage.calls.at(-1)).toEqual({ actor: null, kind: null, before: 'cursor-2' })
    await loadPage.resolve(lastAuditPage)
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['ae-1', 'ae-2', 'ae-3', 'ae-4', 'ae-5'])
    expect(selectHasMore(actor.getSnapshot())).toBe(false)
    // Nothing more to ask for: another 'Load more' sends nothing.
    actor.send({ type: 'auditLog.loadMore' })
    expect(loadPage.calls).toHaveLength(2)
  })

  it('Scenario: a page boundary that moved does not list an entry twice', async () => {
    const { actor, loadPage } = start()
    await loadPage.resolve(firstAuditPage)
    actor.send({ type: 'auditLog.loadMore' })
    await loadPage.resolve({ items: [rolesChangedEntry, invitedEntry], next_cursor: null })
    expect(actor.getSnapshot().context.items.map((i) => i.id)).toEqual(['ae-1', 'ae-2', 'ae-3', 'ae-4'])
  })

  it('Scenario: the page opens on the filters of its address and asks for them', () => {
    const { actor, loadPage } = start({ actor: 'u-sam', kind: 'member.invited' })
    expect(loadPage.calls).toEqual([{ actor: 'u-sam', kind: 'member.invited', before: null }])
    expect(actor.getSnapshot().context.filters).toEqual({ actor: 'u-sam', kind: 'member.invited' })
  })

  it('Scenario: picking a person reloads from the newest entry, cancels the page in flight, and announces the filters', async () => {
    const { actor, loadPage, emitted } = start()
    await loadPage.resolve(firstAuditPage)
    actor.send({ type: 'auditLog.loadMore' })
    actor.send({ type: 'auditLog.filter', filters: bySam })
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('loading')
    expect(actor.getSnapshot().context.items).toEqual([])
    expect(loadPage.calls.at(-1)).toEqual({ actor: 'u-sam', kind: null, before: null })
    expect(emitted).toEqual([{ type: 'auditLog.filtersChanged', filters: bySam }])
    await loadPage.resolve({ items: [], next_cursor: null })
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('noMatch')
  })

  it('Scenario: the same filters again (the address catching up) change nothing', async () => {
    const { actor, loadPage, emitted } = start(bySam)
    await loadPage.resolve(firstAuditPage)
    actor.send({ type: 'auditLog.filter', filters: { actor: 'u-sam', kind: null } })
    expect(actor.getSnapshot().value).toMatchObject({ list: 'loaded' })
    expect(loadPage.calls).toHaveLength(1)
    expect(emitted).toEqual([])
  })

  it('Scenario: a workspace with no entry at all says so, unlike filters that match none', async () => {
    const { actor, loadPage } = start()
    await loadPage.resolve(emptyAuditPage)
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('empty')
  })

  it('Scenario: a refused read shows the server’s message; "Try again" reads again, the person list too', async () => {
    const { actor, loadPage, loadActors } = start()
    await loadActors.reject(new Error('offline'))
    await loadPage.reject(apiFailure(403, 'forbidden', 'You need the View permission on Workspace to do this.'))
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('failed')
    expect(actor.getSnapshot().context.loadError).toBe('You need the View permission on Workspace to do this.')
    actor.send({ type: 'auditLog.retry' })
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('loading')
    expect(loadPage.calls).toHaveLength(2)
    expect(loadActors.calls).toHaveLength(2)
    await loadActors.resolve(acmeAuditActors)
    await loadPage.resolve(firstAuditPage)
    expect(selectAuditLogStatus(actor.getSnapshot())).toBe('ready')
  })

  it('Scenario: a failure that is not the API’s shows our message, not a bug’s text', async () => {
    const { actor, loadPage } = start()
    await loadPage.reject(new TypeError('x is undefined'))
    expect(actor.getSnapshot().context.loadError).toBe(AUDIT_LOAD_FAILED_MESSAGE)
  })

  it('Scenario: a failed "Load more" keeps the entries and offers it again', async () => {
    const { actor, loadPage } = start()
    await loadPage.resolve(firstAuditPage)
    actor.send({ type: 'auditLog.loadMore' })
    await loadPage.reject(apiFailure(0, 'network_error', 'Could not reach the server.'))
    expect(actor.getSnapshot().context.items).toHaveLength(3)
    expect(actor.getSnapshot().context.moreError).toBe('Could not reach the server.')
    expect(selectHasMore(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'auditLog.loadMore' })
    expect(actor.getSnapshot().context.moreError).toBeNull()
    expect(loadPage.calls.at(-1)?.before).toBe('cursor-2')
  })

  it('Scenario: "Export CSV" downloads the current filters and saves the file; the filters changing meanwhile do not alter it', async () => {
    const { actor, loadPage, exportCsv, saved, emitted } = start(bySam)
    await loadPage.resolve(firstAuditPage)
    actor.send({ type: 'auditLog.export' })
    expect(selectIsExporting(actor.getSnapshot())).toBe(true)
    expect(exportCsv.calls).toEqual([bySam])
    // A second press while exporting starts nothing.
    actor.send({ type: 'auditLog.export' })
    actor.send({ type: 'auditLog.filter', filters: { actor: null, kind: 'auth.signed_in' } })
    expect(selectIsExporting(actor.getSnapshot())).toBe(true)
    const file = { filename: 'audit-log-2026-11-25.csv', data: new Blob(['x']) }
    await exportCsv.resolve(file)
    expect(exportCsv.calls).toHaveLength(1)
    expect(saved).toEqual([file])
    expect(emitted.at(-1)).toEqual({ type: 'auditLog.exported', filename: 'audit-log-2026-11-25.csv' })
    expect(selectIsExporting(actor.getSnapshot())).toBe(false)
  })

  it('Scenario: a refused export saves nothing and says why', async () => {
    const { actor, exportCsv, saved, emitted } = start()
    actor.send({ type: 'auditLog.export' })
    await exportCsv.reject(apiFailure(403, 'forbidden', 'You need the View permission on Workspace to do this.'))
    expect(saved).toEqual([])
    expect(emitted).toEqual([{ type: 'auditLog.exportFailed', status: 403, message: 'You need the View permission on Workspace to do this.' }])
    actor.send({ type: 'auditLog.export' })
    await exportCsv.reject(new Error('boom'))
    expect(emitted.at(-1)).toMatchObject({ message: AUDIT_EXPORT_FAILED_MESSAGE })
  })

  it('Scenario: the person filter offers Everyone and the workspace’s people, and keeps a person it does not list', async () => {
    const { actor, loadActors } = start({ actor: 'u-gone', kind: null })
    expect(selectActorOptions(actor.getSnapshot()).map((o) => o.label)).toEqual(['Everyone', 'Selected person'])
    await loadActors.resolve(acmeAuditActors)
    expect(selectActorOptions(actor.getSnapshot())).toEqual([
      { id: 'all', label: 'Everyone' },
      { id: 'u-gone', label: 'Selected person' },
      { id: 'u-ada', label: 'admin@acme.test' },
      { id: 'u-sam', label: 'agent@acme.test' },
    ])
  })
})

describe('auditLog rows', () => {
  it('Scenario: each entry reads as when, who, action, target, details and address', () => {
    const rows = toAuditRows([signedInEntry, setCreatedEntry, rolesChangedEntry, invitedEntry, renamedEntry], AUDIT_NOW_MS, english, 'en-GB')
    expect(rows.map((r) => [r.when, r.who, r.action, r.target, r.details, r.ipAddress])).toEqual([
      ['2 minutes ago', 'admin@acme.test', 'Signed in', 'admin@acme.test', '', '203.0.113.7'],
      ['30 minutes ago', 'admin@acme.test', 'Permission set created', 'Billing Viewer', 'Grants View Billing', '203.0.113.7'],
      ['3 hours ago', 'admin@acme.test', 'Roles assigned', 'agent@acme.test', 'Added Billing Viewer', '203.0.113.7'],
      ['19 hours ago', 'admin@acme.test', 'Member invited', 'nina@acme.test', 'Roles: Team Member · New account', ''],
      ['5 days ago', 'System', 'Workspace renamed', 'Acme Support', 'From “Acme” to “Acme Support”', ''],
    ])
    expect(rows[0]?.exactWhen).toBe(new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' }).format(Date.parse(signedInEntry.created_at)))
  })

  it('Scenario: a kind this browser does not know shows by its name, with its plain fields only', () => {
    const [row] = toAuditRows([{ ...signedInEntry, kind: 'contact.merged', details: { key_id: 'k1', name: 'CI', scopes: ['a'], nested: { x: 1 } } }], AUDIT_NOW_MS, english)
    expect(row?.action).toBe('contact.merged')
    expect(row?.details).toBe('name: CI')
  })

  it('Scenario: a time that does not parse is shown as it came', () => {
    const [row] = toAuditRows([{ ...signedInEntry, created_at: 'not a time' }], AUDIT_NOW_MS, english)
    expect([row?.when, row?.exactWhen]).toEqual(['not a time', 'not a time'])
  })

  it.each([
    ['member.roles_changed', { from: ['Support Agent', 'Team Member'], to: ['Billing Viewer'] }, 'Added Billing Viewer · Removed Support Agent, Team Member'],
    ['member.roles_changed', { from: ['A'], to: ['A'] }, 'Roles: A'],
    ['api_key.created', { prefix: 'eng_AbCd1234', permission_set: 'Admin', expires_at: null }, 'Key eng_AbCd1234… · Acts as Admin · No expiry'],
    ['api_key.revoked', { prefix: 'eng_AbCd1234' }, 'Key eng_AbCd1234…'],
    ['webhook.created', { url: 'https://x.test/h', event_types: ['member.joined', 'member.removed'], enabled: true }, 'Events: member.joined, member.removed'],
    ['webhook.updated', { url: { from: 'https://a.test', to: 'https://b.test' }, enabled: { from: true, to: false } }, 'URL from “https://a.test” to “https://b.test” · Disabled'],
    ['webhook.secret_rotated', { previous_secret_expires_at: '2026-11-29T00:00:00.000Z' }, ''],
    ['member.removed', { permission_sets: ['Support Agent'] }, 'Had roles: Support Agent'],
    ['member.invited', { permission_sets: ['A', 'B', 'C', 'D', 'E'], pending: true }, 'Roles: A, B, C and 2 more · Waiting for an answer'],
    ['invitation.accepted', { permission_sets: ['Team Member'], invitation_id: 'i1' }, 'Roles: Team Member'],
    ['permission_set.updated', { name: { from: 'Old', to: 'New' }, added: [{ resource: 'BILLING', actions: ['READ', 'UPDATE'] }], removed: [{ resource: 'QA', actions: ['READ'] }] }, 'Renamed from “Old” to “New” · Added View Billing, Edit Billing · Removed View Quality Assurance'],
    ['permission_set.updated', { description: { from: '', to: 'x' } }, 'Description changed'],
    ['permission_set.created', { permissions: [] }, 'No permissions'],
    ['permission_set.deleted', { description: '', permissions: [{ resource: 'BILLING', actions: ['READ'] }] }, 'Granted View Billing'],
    ['two_factor.disabled', { with: 'recovery_code' }, 'With a recovery code'],
    ['session.revoked', { browser: 'Firefox', os: 'Linux', ip_address: '198.51.100.4', current: true }, 'Firefox on Linux · 198.51.100.4 · This session'],
    ['workspace.renamed', { from: 'A'.repeat(80), to: 'B' }, `From “${'A'.repeat(59)}…” to “B”`],
    ['workspace.two_factor_required', { required: false }, 'No longer required'],
    ['invitation.revoked', { invitation_id: 'i1' }, ''],
    // Hostile or malformed details: nothing that is not the expected shape is shown.
    ['member.removed', { permission_sets: 'Admin' }, ''],
    ['permission_set.updated', { added: [{ resource: 'BILLING', actions: 'READ' }, null, 7] }, ''],
    ['member.invited', { permission_sets: ['<img src=x onerror=alert(1)>'] }, 'Roles: <img src=x onerror=alert(1)>'],
  ] as const)('Scenario: %s details %j read "%s"', (kind, details, expected) => {
    expect(describeAuditDetails(kind, details as Record<string, unknown>, english)).toBe(expected)
  })

  it('Scenario: typing in the person filter asks the server for matching people once typing pauses', async () => {
    const clock = new SimulatedClock()
    const loadActors = controllable<ReadonlyArray<AuditActor>, { query: string }>()
    const actor = createActor(auditLogMachine.provide({ actors: { loadPage: controllable<AuditLogPage, AuditPageRequest>().logic, loadActors: loadActors.logic } }), { input: {}, clock }).start()
    await loadActors.resolve(acmeAuditActors)
    expect(loadActors.calls).toEqual([{ query: '' }])
    actor.send({ type: 'auditLog.searchPeople', query: 's' })
    clock.increment(AUDIT_PEOPLE_DEBOUNCE_MS - 1)
    actor.send({ type: 'auditLog.searchPeople', query: 'sam' })
    clock.increment(AUDIT_PEOPLE_DEBOUNCE_MS - 1)
    // Still typing: the choices on screen stay, nothing asked.
    expect(loadActors.calls).toHaveLength(1)
    expect(actor.getSnapshot().context.actors).toEqual(acmeAuditActors)
    clock.increment(1)
    expect(loadActors.calls.at(-1)).toEqual({ query: 'sam' })
    const sam = acmeAuditActors.filter((a) => a.label.includes('Sam'))
    await loadActors.resolve(sam)
    expect(actor.getSnapshot().context.actors).toEqual(sam)
  })

  it('Scenario: the kind filter lists every kind by its label after "All actions"', () => {
    expect(KIND_OPTIONS[0]).toEqual({ id: 'all', label: 'All actions' })
    expect(KIND_OPTIONS.find((o) => o.id === 'permission_set.updated')?.label).toBe('Permission set changed')
    expect(kindOfOption('member.removed')).toBe('member.removed')
    expect(kindOfOption('all')).toBeNull()
    expect(kindOfOption('nope')).toBeNull()
  })
})

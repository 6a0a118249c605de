import { createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { PermissionSet } from '../../contract/api.ts'
import { resolvePermissions } from '../../contract/permissions.ts'
import { acmeCredits, criticalCredits, unlimitedCredits, warningCredits } from '../credits/credits.fixtures.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { acmeOverview, agentOverview, doneOverview, freshOverview } from './overview.fixtures.ts'
import { OVERVIEW_LOAD_FAILED_MESSAGE, type OverviewEvent, type OverviewFacts, type OverviewRequest, overviewMachine } from './overview.machine.ts'
import {
  checklistItems,
  checklistProgress,
  checklistView,
  creditsNotice,
  selectChecklistDismissed,
  selectLatestNotifications,
  selectLoadError,
  selectOverviewStatus,
  selectTeam,
  selectUrgentUnreadCount,
} from './overview.selectors.ts'
import { makeNotification } from '../notifications/notifications.fixtures.ts'
import type { NotificationsSnapshot } from '../notifications/notifications.selectors.ts'

const sets: ReadonlyArray<PermissionSet> = [
  { _id: 'sys-super', permission_set_key: 'SUPER_ADMIN', name: 'Super Admin', description: '', is_system: true, permissions: [] },
  {
    _id: 'set-agent',
    permission_set_key: null,
    name: 'Support Agent',
    description: '',
    is_system: false,
    permissions: [{ resource: 'CONTACTS', actions: ['READ'], conditions: {} }],
  },
  {
    _id: 'set-inviter',
    permission_set_key: null,
    name: 'Inviter',
    description: '',
    is_system: false,
    permissions: [{ resource: 'TEAM_MEMBERS', actions: ['READ', 'CREATE'], conditions: {} }],
  },
]
const superAdmin = resolvePermissions(['SUPER_ADMIN'], sets)
const agent = resolvePermissions(['set-agent'], sets)
const inviter = resolvePermissions(['set-inviter'], sets)

function start() {
  const load = controllable<OverviewFacts, OverviewRequest>()
  const focus: { send: ((e: OverviewEvent) => void) | null } = { send: null }
  const stored: Array<{ orgId: string | null; userId: string | null }> = []
  const actor = createActor(
    overviewMachine.provide({
      actors: {
        watchAuth: fromCallback(() => () => {}),
        loadOverview: load.logic,
        focusListener: fromCallback(({ sendBack }) => {
          focus.send = sendBack
          return () => {
            focus.send = null
          }
        }),
      },
      actions: { storeDismissal: (_, params) => void stored.push(params), logRefreshFailure: () => {} },
    }),
  ).start()
  const windowFocus = async () => {
    focus.send?.({ type: 'overview.focused' })
    await flush()
  }
  const signIn = (orgId: string) => actor.send({ type: 'auth.changed', orgId, userId: 'u-ada' })
  return { actor, load, stored, windowFocus, signIn }
}

describe('overview', () => {
  it('Scenario: the page loads the current workspace’s facts and shows its team', async () => {
    const { actor, load, signIn } = start()
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('loading')
    signIn('o-acme')
    expect(load.calls).toEqual([{ orgId: 'o-acme', userId: 'u-ada' }])
    await load.resolve({ overview: acmeOverview, checklistDismissed: false })
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('ready')
    expect(selectTeam(actor.getSnapshot())).toEqual({ members: 2, pending_invites: 0 })
  })

  it('Scenario: a failed load says why in plain words, and Try again loads again', async () => {
    const { actor, load, signIn } = start()
    signIn('o-acme')
    await load.reject(new Error('fetch failed'))
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('failed')
    // A bug's message is not for people: the plain fallback shows instead.
    expect(selectLoadError(actor.getSnapshot())).toBe(OVERVIEW_LOAD_FAILED_MESSAGE)
    actor.send({ type: 'overview.retry' })
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('loading')
    await load.reject(apiError(503, 'unavailable', 'Engage is busy right now. Try again in a minute.'))
    expect(selectLoadError(actor.getSnapshot())).toBe('Engage is busy right now. Try again in a minute.')
    actor.send({ type: 'overview.retry' })
    await load.resolve({ overview: freshOverview, checklistDismissed: false })
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('ready')
    expect(selectLoadError(actor.getSnapshot())).toBeNull()
  })

  it('Scenario: switching workspace drops the old facts at once and loads the new workspace’s', async () => {
    const { actor, load, signIn } = start()
    signIn('o-acme')
    await load.resolve({ overview: acmeOverview, checklistDismissed: true })
    signIn('o-globex')
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('loading')
    expect(selectTeam(actor.getSnapshot())).toBeNull()
    expect(selectChecklistDismissed(actor.getSnapshot())).toBe(false)
    expect(load.calls.at(-1)).toEqual({ orgId: 'o-globex', userId: 'u-ada' })
    await load.resolve({ overview: freshOverview, checklistDismissed: false })
    expect(selectTeam(actor.getSnapshot())).toEqual({ members: 1, pending_invites: 0 })
    // Signed out: nothing of the workspace stays.
    actor.send({ type: 'auth.changed', orgId: null, userId: null })
    expect(actor.getSnapshot().context).toMatchObject({ orgId: null, overview: null })
  })

  it('Scenario: coming back to the window refreshes the facts; a failed refresh keeps what is shown', async () => {
    const { actor, load, signIn, windowFocus } = start()
    signIn('o-acme')
    await load.resolve({ overview: freshOverview, checklistDismissed: false })
    await windowFocus()
    expect(actor.getSnapshot().value).toBe('refreshing')
    expect(selectOverviewStatus(actor.getSnapshot())).toBe('ready')
    await load.resolve({ overview: acmeOverview, checklistDismissed: false })
    expect(selectTeam(actor.getSnapshot())).toEqual({ members: 2, pending_invites: 0 })
    await windowFocus()
    await load.reject(new Error('offline'))
    expect(actor.getSnapshot().value).toBe('ready')
    expect(selectTeam(actor.getSnapshot())).toEqual({ members: 2, pending_invites: 0 })
  })

  it('Scenario: Dismiss is stored for this person and workspace and stands through a refresh', async () => {
    const { actor, load, signIn, stored, windowFocus } = start()
    // Nothing to dismiss before the checklist is on screen.
    actor.send({ type: 'overview.dismissChecklist' })
    expect(stored).toEqual([])
    signIn('o-acme')
    await load.resolve({ overview: freshOverview, checklistDismissed: false })
    await windowFocus()
    actor.send({ type: 'overview.dismissChecklist' })
    expect(stored).toEqual([{ orgId: 'o-acme', userId: 'u-ada' }])
    // The refresh read the storage before the press: the press still wins.
    await load.resolve({ overview: freshOverview, checklistDismissed: false })
    expect(selectChecklistDismissed(actor.getSnapshot())).toBe(true)
  })

  it('Scenario: a new workspace’s admin sees four items, none ticked, each linking to where it is done', () => {
    const items = checklistItems(freshOverview.checklist, superAdmin)
    expect(items.map((i) => [i.label, i.done, i.href])).toEqual([
      ['Invite a teammate', false, '/app/setting/team/invite'],
      ['Create a role', false, '/app/setting/roles/create-role'],
      ['Turn on push notifications', false, '/app/notification-settings'],
      ['Set your notification preferences', false, '/app/notification-settings'],
    ])
    expect(checklistProgress(items)).toBe('0 of 4 done')
    expect(checklistView(items, false)).toBe('open')
    expect(checklistProgress(checklistItems(acmeOverview.checklist, superAdmin))).toBe('2 of 4 done')
  })

  it('Scenario: items show only to a person who may do them', () => {
    // The Support Agent: the server gave no team or role facts, and they may not do either.
    expect(checklistItems(agentOverview.checklist, agent).map((i) => i.id)).toEqual(['push', 'preferences'])
    // May invite but not create roles: the role item stays hidden even with its fact known.
    expect(checklistItems(freshOverview.checklist, inviter).map((i) => i.id)).toEqual(['invite', 'push', 'preferences'])
  })

  it('Scenario: everything done collapses the checklist to All set; dismissed or nothing to do hides it', () => {
    expect(checklistView(checklistItems(doneOverview.checklist, superAdmin), false)).toBe('done')
    expect(checklistView(checklistItems(freshOverview.checklist, superAdmin), true)).toBe('hidden')
    expect(checklistView([], false)).toBe('hidden')
    expect(checklistItems(null, superAdmin)).toEqual([])
  })

  it('Scenario: the credits card warns from 75 % used and more firmly from 90 %', () => {
    expect(creditsNotice(acmeCredits)).toBeNull()
    expect(creditsNotice({ ...acmeCredits, percentageUsed: 74.9 })).toBeNull()
    expect(creditsNotice({ ...acmeCredits, percentageUsed: 75 })).toBe('You have used 75% of this month’s credits.')
    expect(creditsNotice(warningCredits)).toBe('You have used 80% of this month’s credits.')
    expect(creditsNotice(criticalCredits)).toMatch(/^You have used 9\d% of this month’s credits\. Work that needs credits stops when they run out\.$/)
    expect(creditsNotice(unlimitedCredits)).toBeNull()
  })

  it('Scenario: the notifications card lists the newest five and counts the unread urgent ones', () => {
    const items = [
      makeNotification('n1', { priority: 'urgent', read: false, status: 'unread' }),
      makeNotification('n2', { priority: 'urgent', read: true, status: 'read' }),
      ...['n3', 'n4', 'n5', 'n6', 'n7'].map((id) => makeNotification(id, { read: false, status: 'unread' })),
    ]
    const snapshot = { context: { items, held: null } } as unknown as NotificationsSnapshot
    expect(selectLatestNotifications(snapshot).map((n) => n._id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5'])
    // The same list gives the same array: the card re-renders only when the list changed.
    expect(selectLatestNotifications({ context: { items, held: null } } as unknown as NotificationsSnapshot)).toBe(selectLatestNotifications(snapshot))
    expect(selectUrgentUnreadCount(snapshot)).toBe(1)
  })
})

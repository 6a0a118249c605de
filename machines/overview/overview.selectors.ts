/**
 * Selectors and pure rules of the Overview page: its status, the team card, the
 * getting-started checklist (which items a person sees, which are done, when it collapses), the
 * credits card's notice at 75 % and 90 % used, and the notifications card's counts and latest
 * few. The page formats and lays out; every rule is here.
 *
 * The notifications rules read the notifications actor's snapshot (machines/notifications) without
 * changing that folder: only its exported list helpers are used.
 */
import type { SnapshotFrom } from 'xstate'
import type { PermissionAction, PermissionResource } from '../../contract/api.ts'
import type { Notification } from '../../contract/notifications.ts'
import type { OverviewChecklist, OverviewTeam } from '../../contract/overview.ts'
import { can, type ResolvedPermissions } from '../../contract/permissions.ts'
import type { CreditsSummary } from '../../contract/workspaces.ts'
import type { DisplayText } from '../../contract/messages.ts'
import { type CreditTone, creditTone, isUnlimited } from '../credits/credits.selectors.ts'
import { isRead } from '../notifications/notifications.item.ts'
import { type NotificationsSnapshot, selectShown } from '../notifications/notifications.counts.ts'
import type { OverviewMachine } from './overview.machine.ts'

export type OverviewSnapshot = SnapshotFrom<OverviewMachine>

/** What the page draws: skeletons, the cards, or the error with 'Try again'. */
export const OVERVIEW_STATUSES = ['loading', 'ready', 'failed'] as const
export type OverviewStatus = (typeof OVERVIEW_STATUSES)[number]

/** `signedOut` and `loading` look the same (the page is only on screen signed in); `refreshing` keeps the cards. */
export function selectOverviewStatus(s: OverviewSnapshot): OverviewStatus {
  if (s.matches('failed')) return 'failed'
  return s.context.overview === null ? 'loading' : 'ready'
}

export const selectLoadError = (s: OverviewSnapshot): DisplayText | null => s.context.loadError

/** The team card's numbers, or null when the person may not read the team (no card). */
export const selectTeam = (s: OverviewSnapshot): OverviewTeam | null => s.context.overview?.team ?? null

export const selectChecklistDismissed = (s: OverviewSnapshot): boolean => s.context.checklistDismissed

export const selectChecklistFacts = (s: OverviewSnapshot): OverviewChecklist | null => s.context.overview?.checklist ?? null

// --- Getting started ---------------------------------------------------------------------------

/** The checklist's items, in the order a new workspace does them. */
export const CHECKLIST_ITEM_IDS = ['invite', 'role', 'push', 'preferences'] as const
export type ChecklistItemId = (typeof CHECKLIST_ITEM_IDS)[number]

/** One item of the checklist as the page shows it. */
export interface ChecklistItem {
  readonly id: ChecklistItemId
  /** The item's name (also the link's). */
  readonly label: string
  /** One line on why, under the name. */
  readonly hint: string
  /** Where it is done. */
  readonly href: string
  readonly done: boolean
}

interface ItemRule {
  readonly label: string
  readonly hint: string
  readonly href: string
  /** What the person must hold to do it there (the route's own permission, src/navigation/routes.ts). */
  readonly requires: readonly [PermissionResource, PermissionAction]
  readonly fact: keyof OverviewChecklist
}

const ITEMS: Readonly<Record<ChecklistItemId, ItemRule>> = {
  invite: {
    label: 'Invite a teammate',
    hint: 'Work together: invite someone to this workspace.',
    href: '/app/setting/team/invite',
    requires: ['TEAM_MEMBERS', 'CREATE'],
    fact: 'invited_teammate',
  },
  role: {
    label: 'Create a role',
    hint: 'Decide exactly what each person can see and do.',
    href: '/app/setting/roles/create-role',
    requires: ['PERMISSION_SETS', 'CREATE'],
    fact: 'created_role',
  },
  push: {
    label: 'Turn on push notifications',
    hint: 'Hear about urgent things even when Engage is in the background.',
    href: '/app/notification-settings',
    requires: ['GENERAL', 'READ'],
    fact: 'turned_on_push',
  },
  preferences: {
    label: 'Set your notification preferences',
    hint: 'Choose which notifications reach you.',
    href: '/app/notification-settings',
    requires: ['GENERAL', 'READ'],
    fact: 'saved_preferences',
  },
}

/**
 * The items a person sees: those they may do (the permission of the page the item links to) and
 * whose fact the server gave them (null: they may not read it). Each is done from real data.
 */
export function checklistItems(facts: OverviewChecklist | null, permissions: ResolvedPermissions): ReadonlyArray<ChecklistItem> {
  if (facts === null) return []
  return CHECKLIST_ITEM_IDS.flatMap((id) => {
    const rule = ITEMS[id]
    const done = facts[rule.fact]
    if (done === null || !can(permissions, ...rule.requires)) return []
    return [{ id, label: rule.label, hint: rule.hint, href: rule.href, done }]
  })
}

/**
 * How the checklist shows: `hidden` (dismissed, or nothing for this person to do), `open`
 * (something left to do), `done` (every item done: it collapses to one 'All set' line).
 */
export type ChecklistView = 'hidden' | 'open' | 'done'
export function checklistView(items: ReadonlyArray<ChecklistItem>, dismissed: boolean): ChecklistView {
  if (dismissed || items.length === 0) return 'hidden'
  return items.every((item) => item.done) ? 'done' : 'open'
}

/** '2 of 4 done': the progress line of the checklist. */
export const checklistProgress = (items: ReadonlyArray<ChecklistItem>): string => `${items.filter((i) => i.done).length} of ${items.length} done`

// --- Credits -----------------------------------------------------------------------------------

/**
 * The credits card's notice for a tone (ours: SPEC §3 names the summary but gives no texts for
 * running low). Null in the normal tone and for unlimited plans.
 */
export function creditsNotice(summary: CreditsSummary, tone: CreditTone = creditTone(summary)): string | null {
  if (isUnlimited(summary) || tone === 'normal') return null
  const used = Math.floor(summary.percentageUsed)
  if (tone === 'critical') return `You have used ${used}% of this month’s credits. Work that needs credits stops when they run out.`
  return `You have used ${used}% of this month’s credits.`
}

// --- Notifications -----------------------------------------------------------------------------

/** How many of the newest notifications the card lists. */
export const OVERVIEW_LATEST_COUNT = 5

const latestOf = new WeakMap<ReadonlyArray<Notification>, ReadonlyArray<Notification>>()

/**
 * The newest few notifications on screen (the machine keeps them newest first; a delete-all that
 * can still be undone hides them, as in the panel). The same array comes back while the list is
 * the same, so `useSelector` re-renders only when it changed.
 */
export function selectLatestNotifications(s: NotificationsSnapshot): ReadonlyArray<Notification> {
  const items = selectShown(s)
  let latest = latestOf.get(items)
  if (latest === undefined) {
    latest = items.slice(0, OVERVIEW_LATEST_COUNT)
    latestOf.set(items, latest)
  }
  return latest
}

/** Unread notifications of urgent priority among those on screen (SPEC §3 Notification priority). */
export const selectUrgentUnreadCount = (s: NotificationsSnapshot): number => selectShown(s).filter((n) => n.priority === 'urgent' && !isRead(n)).length


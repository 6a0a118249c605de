/**
 * /app/dashboard, the Overview (SPEC §2.4): what the shell already knows, live.
 *
 * - Credits this month (the shell's credits actor): used of the total, what is left, and the
 *   notice from 75 % and 90 % used (machines/overview/overview.selectors.ts `creditsNotice`).
 * - Notifications (the shell's notifications actor): unread and urgent counts, the newest few and
 *   'Open inbox' (/app/notifications), as the bell's panel and the command palette offer it.
 * - Team (the overview actor, `GET /api/overview`): members and pending invites, only for a
 *   person who may read the team (TEAM_MEMBERS read); the server sends no numbers otherwise.
 * - Getting started: four items ticked from real data, each shown only to a person who may do it,
 *   collapsed to 'All set' when done, dismissable (remembered per person and workspace).
 *
 * The overview actor (machines/overview) drives loading / ready / failed; this view only reads
 * selectors and sends `overview.retry` and `overview.dismissChecklist`.
 */
import { useSelector } from '@xstate/react'
import Check from 'lucide-react/icons/check'
import CircleCheck from 'lucide-react/icons/circle-check'
import TriangleAlert from 'lucide-react/icons/triangle-alert'
import type { ReactNode } from 'react'
import { Heading, Link, VisuallyHidden } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { selectCurrentOrg, selectUser } from '../../machines/auth/auth.selectors.ts'
import { can } from '../../contract/permissions.ts'
import { creditTone, isUnlimited, selectCredits, selectIsCreditsLoaded } from '../../machines/credits/credits.selectors.ts'
import { isRead } from '../../machines/notifications/notifications.list.ts'
import { selectError as selectNotificationsError, selectIsLoading as selectNotificationsLoading, selectUnreadCount } from '../../machines/notifications/notifications.selectors.ts'
import { relativeTime } from '../../machines/shared/relative-time.ts'
import type { OverviewMachine } from '../../machines/overview/overview.machine.ts'
import {
  checklistItems,
  checklistProgress,
  checklistView,
  creditsNotice,
  selectChecklistDismissed,
  selectChecklistFacts,
  selectLatestNotifications,
  selectLoadError,
  selectOverviewStatus,
  selectTeam,
  selectUrgentUnreadCount,
} from '../../machines/overview/overview.selectors.ts'
import { useOverviewActor } from '../system/overview.ts'
import { type CreditsActor, type NotificationsActor, useAuth, useDeferredPending, useOptionalCreditsActor, useOptionalNotificationsActor, usePermissions } from '../system/react.tsx'
import { formatCredits } from '../ui/shell/CreditsSummary.tsx'
import { INBOX_PATH } from '../ui/shell/links.ts'
import { Button } from '../ui/primitives/Button/Button.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../ui/primitives/Skeleton/Skeleton.tsx'
import * as css from './DashboardPage.css.ts'

export type OverviewActor = ActorRefFrom<OverviewMachine>

/** The Overview route: runs the page's overview actor. */
export function DashboardPage() {
  return <OverviewView overview={useOverviewActor()} />
}

/** The Overview for an overview actor (stories pass one started from a saved state). */
export function OverviewView({ overview }: { overview: OverviewActor }) {
  const user = useAuth(selectUser)
  const org = useAuth(selectCurrentOrg)
  const status = useSelector(overview, selectOverviewStatus)
  const credits = useOptionalCreditsActor()
  const notifications = useOptionalNotificationsActor()
  // The notifications actor starts just after the shell's first paint.
  const notificationsPending = useDeferredPending()
  const firstName = user?.fullName.split(' ')[0] ?? ''
  return (
    <section aria-label="Overview" className={css.page}>
      <PageHeader
        title="Overview"
        description={
          <>
            Welcome back{firstName ? `, ${firstName}` : ''}. Here is how <strong>{org?.org_name}</strong> is doing.
          </>
        }
      />
      <div className={css.grid}>
        {status === 'failed' ? <LoadFailed overview={overview} /> : <GettingStarted overview={overview} loading={status === 'loading'} />}
        {credits && <CreditsCard actor={credits} />}
        {(notifications || notificationsPending) && <NotificationsCard actor={notifications ?? undefined} />}
        {status !== 'failed' && <TeamCard overview={overview} loading={status === 'loading'} />}
      </div>
    </section>
  )
}

/** The overview's facts could not be loaded: the reason in plain words, and 'Try again'. */
function LoadFailed({ overview }: { overview: OverviewActor }) {
  const message = useSelector(overview, selectLoadError)
  return (
    <div className={css.error} role="alert">
      <Heading level={2} className={css.cardTitle}>
        Team and getting started
      </Heading>
      <p className={css.muted}>{message}</p>
      <Button variant="secondary" size="sm" onPress={() => overview.send({ type: 'overview.retry' })}>
        Try again
      </Button>
    </div>
  )
}

/** A card of the grid: a region named `title` (its visible heading says the same or more). */
function Card({ title, tone, wide, children }: { title: string; tone?: string; wide?: boolean; children: ReactNode }) {
  return (
    <section aria-label={title} className={wide ? `${css.card} ${css.wide}` : css.card} data-tone={tone}>
      {children}
    </section>
  )
}

function CreditsCard({ actor }: { actor: CreditsActor }) {
  const summary = useSelector(actor, selectCredits)
  const loaded = useSelector(actor, selectIsCreditsLoaded)
  const mayViewBilling = can(usePermissions(), 'BILLING', 'READ')
  const tone = creditTone(summary)
  const notice = creditsNotice(summary, tone)
  const unlimited = isUnlimited(summary)
  return (
    <Card title="Credits this month" tone={tone}>
      <Heading level={2} className={css.cardTitle}>
        Credits this month
      </Heading>
      {!loaded ? (
        <Skeleton count={3} label="Loading credits…" />
      ) : unlimited ? (
        <>
          <p className={css.big}>Unlimited</p>
          <p className={css.muted}>{formatCredits(summary.usedCredits)} credits used this month.</p>
        </>
      ) : (
        <>
          <dl className={css.figures}>
            <div>
              <dt>used of {formatCredits(summary.totalCredits ?? 0)}</dt>
              <dd>{formatCredits(summary.usedCredits)}</dd>
            </div>
            <div>
              <dt>left</dt>
              <dd>{formatCredits(summary.remainingCredits ?? 0)}</dd>
            </div>
          </dl>
          <span className={css.track} aria-hidden="true">
            <span className={css.fill} style={{ width: `${Math.max(0, Math.min(100, summary.percentageUsed))}%` }} />
          </span>
          {notice && (
            <p className={css.notice} role="status">
              {tone === 'critical' && <TriangleAlert size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />}
              {notice}
            </p>
          )}
        </>
      )}
      {mayViewBilling && (
        <Link href="/app/billing" className={css.link}>
          Billing and usage
        </Link>
      )}
    </Card>
  )
}

/** The latest notifications before the actor has started (one array, so the selector's answer is stable). */
const NONE: ReturnType<typeof selectLatestNotifications> = []

/** The card; without an actor (not started yet) it shows its loading state. */
function NotificationsCard({ actor }: { actor: NotificationsActor | undefined }) {
  const unread = useSelector(actor, (s) => (s ? selectUnreadCount(s) : 0))
  const urgent = useSelector(actor, (s) => (s ? selectUrgentUnreadCount(s) : 0))
  const latest = useSelector(actor, (s) => (s ? selectLatestNotifications(s) : NONE))
  const loading = useSelector(actor, (s) => (s ? selectNotificationsLoading(s) : true))
  const error = useSelector(actor, (s) => (s ? selectNotificationsError(s) : null))
  const now = Date.now()
  return (
    <Card title="Notifications">
      <Heading level={2} className={css.cardTitle}>
        Notifications
      </Heading>
      {loading ? (
        <Skeleton count={4} label="Loading notifications…" />
      ) : (
        <>
          <dl className={css.figures}>
            <div>
              <dt>unread</dt>
              <dd>{unread}</dd>
            </div>
            <div>
              <dt>urgent</dt>
              <dd>{urgent}</dd>
            </div>
          </dl>
          {error !== null && latest.length === 0 ? (
            <p className={css.muted}>{error}</p>
          ) : latest.length === 0 ? (
            <p className={css.muted}>No notifications yet</p>
          ) : (
            <ul className={css.list} aria-label="Latest notifications">
              {latest.map((n) => {
                const isUnread = !isRead(n)
                return (
                  <li key={n._id} className={css.item} data-unread={isUnread || undefined}>
                    {isUnread ? <span className={css.dot} aria-hidden="true" /> : <span aria-hidden="true" />}
                    <span className={css.itemTitle}>
                      {isUnread && <VisuallyHidden>Unread: </VisuallyHidden>}
                      {n.priority === 'urgent' && <span className={css.urgent}>Urgent</span>}
                      {n.title}
                    </span>
                    <span className={css.when}>{relativeTime(n.created_at_timestamp, now)}</span>
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
      <Link href={INBOX_PATH} className={css.link}>
        Open inbox
      </Link>
    </Card>
  )
}

/** Members and pending invites, for a person who may read the team only. */
function TeamCard({ overview, loading }: { overview: OverviewActor; loading: boolean }) {
  const team = useSelector(overview, selectTeam)
  const mayReadTeam = can(usePermissions(), 'TEAM_MEMBERS', 'READ')
  if (!mayReadTeam || (!loading && team === null)) return null
  return (
    <Card title="Team">
      <Heading level={2} className={css.cardTitle}>
        Team
      </Heading>
      {loading || team === null ? (
        <Skeleton count={2} label="Loading team…" />
      ) : (
        <dl className={css.figures}>
          <div>
            <dt>{team.members === 1 ? 'member' : 'members'}</dt>
            <dd>{team.members}</dd>
          </div>
          <div>
            <dt>{team.pending_invites === 1 ? 'pending invite' : 'pending invites'}</dt>
            <dd>{team.pending_invites}</dd>
          </div>
        </dl>
      )}
      <Link href="/app/setting/team" className={css.link}>
        Manage team members
      </Link>
    </Card>
  )
}

/** The getting-started checklist: open, collapsed to 'All set', or hidden. */
function GettingStarted({ overview, loading }: { overview: OverviewActor; loading: boolean }) {
  const facts = useSelector(overview, selectChecklistFacts)
  const dismissed = useSelector(overview, selectChecklistDismissed)
  const items = checklistItems(facts, usePermissions())
  const view = checklistView(items, dismissed)
  if (loading) {
    return (
      <Card title="Getting started" wide>
        <Heading level={2} className={css.cardTitle}>
          Getting started
        </Heading>
        <Skeleton count={3} label="Loading your checklist…" />
      </Card>
    )
  }
  if (view === 'hidden') return null
  const dismiss = (
    <Button variant="ghost" size="sm" onPress={() => overview.send({ type: 'overview.dismissChecklist' })}>
      Dismiss
    </Button>
  )
  if (view === 'done') {
    return (
      <Card title="Getting started" wide>
        <div className={css.cardHead}>
          <Heading level={2} className={css.allSet}>
            <CircleCheck size={20} aria-hidden="true" className={css.allSetIcon} />
            All set: this workspace is ready to go
          </Heading>
          {dismiss}
        </div>
      </Card>
    )
  }
  return (
    <Card title="Getting started" wide>
      <div className={css.cardHead}>
        <Heading level={2} className={css.cardTitle}>
          Getting started
        </Heading>
        <span className={css.headEnd}>
          <span className={css.progress}>{checklistProgress(items)}</span>
          {dismiss}
        </span>
      </div>
      <ul className={css.steps} aria-label="Getting started checklist">
        {items.map((item) => (
          <li key={item.id} className={css.step} data-done={item.done || undefined}>
            <span className={css.stepIcon} aria-hidden="true">
              {item.done && <Check size={14} strokeWidth={3} />}
            </span>
            <span className={css.stepBody}>
              <Link href={item.href} className={`${css.link} ${css.stepLabel}`} aria-label={`${item.label}${item.done ? ' (done)' : ''}`}>
                {item.label}
              </Link>
              <span className={css.muted}>{item.hint}</span>
            </span>
          </li>
        ))}
      </ul>
    </Card>
  )
}

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
import { isRead } from '../../machines/notifications/notifications.item.ts'
import {
  BADGE_MAX,
  selectError as selectNotificationsError,
  selectIsLoading as selectNotificationsLoading,
  selectUnreadCount,
  selectUnreadIsFloor,
} from '../../machines/notifications/notifications.counts.ts'
import type { OverviewMachine } from '../../machines/overview/overview.machine.ts'
import {
  type ChecklistItemId,
  checklistItems,
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
import { useTranslator } from '../i18n/react.tsx'
import type { MessageDescriptor } from '../i18n/messages.ts'
import * as css from './DashboardPage.css.ts'
import { overviewMessages as m } from './overview.messages.ts'

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
  const { t } = useTranslator()
  // The workspace's name is set in bold inside the sentence: the message marks where it goes.
  const [beforeOrg, afterOrg = ''] = (firstName ? t(m.welcomeNamed, { name: firstName, org: ORG_MARK }) : t(m.welcome, { org: ORG_MARK })).split(ORG_MARK)
  return (
    <section aria-label={t(m.title)} className={css.page}>
      <PageHeader
        title={t(m.title)}
        description={
          <>
            {beforeOrg}
            <strong dir="auto">{org?.org_name}</strong>
            {afterOrg}
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

/** Where the workspace's name goes in the welcome line (a character no name or translation holds). */
const ORG_MARK = '\u0000'

/** The overview's facts could not be loaded: the reason in plain words, and 'Try again'. */
function LoadFailed({ overview }: { overview: OverviewActor }) {
  const message = useSelector(overview, selectLoadError)
  const { t, text } = useTranslator()
  return (
    <div className={css.error} role="alert">
      <Heading level={2} className={css.cardTitle}>
        {t(m.teamAndGettingStarted)}
      </Heading>
      {/* The server's words as they are; the machine's own fallback in the reader's language. */}
      <p className={css.muted} dir={typeof message === 'string' ? 'auto' : undefined}>
        {message && text(message)}
      </p>
      <Button variant="secondary" size="sm" onPress={() => overview.send({ type: 'overview.retry' })}>
        {t(m.tryAgain)}
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
  const translator = useTranslator()
  const { t } = translator
  return (
    <Card title={t(m.creditsThisMonth)} tone={tone}>
      <Heading level={2} className={css.cardTitle}>
        {t(m.creditsThisMonth)}
      </Heading>
      {!loaded ? (
        <Skeleton count={3} label={t(m.loadingCredits)} />
      ) : unlimited ? (
        <>
          <p className={css.big}>{t(m.unlimited)}</p>
          <p className={css.muted}>{t(m.creditsUsedThisMonth, { used: formatCredits(summary.usedCredits, translator) })}</p>
        </>
      ) : (
        <>
          <dl className={css.figures}>
            <div>
              <dt>{t(m.usedOf, { total: formatCredits(summary.totalCredits ?? 0, translator) })}</dt>
              <dd>{formatCredits(summary.usedCredits, translator)}</dd>
            </div>
            <div>
              <dt>{t(m.left)}</dt>
              <dd>{formatCredits(summary.remainingCredits ?? 0, translator)}</dd>
            </div>
          </dl>
          <span className={css.track} aria-hidden="true">
            <span className={css.fill} style={{ width: `${Math.max(0, Math.min(100, summary.percentageUsed))}%` }} />
          </span>
          {notice && (
            <p className={css.notice} role="status">
              {tone === 'critical' && <TriangleAlert size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />}
              {/* creditsNotice decides whether there is one; its words come from the catalogue. */}
              {t(tone === 'critical' ? m.noticeCritical : m.noticeWarning, { used: Math.floor(summary.percentageUsed) })}
            </p>
          )}
        </>
      )}
      {mayViewBilling && (
        <Link href="/app/billing" className={css.link}>
          {t(m.billingAndUsage)}
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
  // The server stops counting at 100: '99+' then, as the bell says, never a made-up exact number.
  const unreadFloor = useSelector(actor, (s) => (s ? selectUnreadIsFloor(s) : false))
  const urgent = useSelector(actor, (s) => (s ? selectUrgentUnreadCount(s) : 0))
  const latest = useSelector(actor, (s) => (s ? selectLatestNotifications(s) : NONE))
  const loading = useSelector(actor, (s) => (s ? selectNotificationsLoading(s) : true))
  const error = useSelector(actor, (s) => (s ? selectNotificationsError(s) : null))
  const now = Date.now()
  const { t, number, relative } = useTranslator()
  return (
    <Card title={t(m.notifications)}>
      <Heading level={2} className={css.cardTitle}>
        {t(m.notifications)}
      </Heading>
      {loading ? (
        <Skeleton count={4} label={t(m.loadingNotifications)} />
      ) : (
        <>
          <dl className={css.figures}>
            <div>
              <dt>{t(m.unread)}</dt>
              <dd>{unreadFloor ? `${number(BADGE_MAX)}+` : number(unread)}</dd>
            </div>
            <div>
              <dt>{t(m.urgent)}</dt>
              <dd>{number(urgent)}</dd>
            </div>
          </dl>
          {error !== null && latest.length === 0 ? (
            <p className={css.muted}>{error}</p>
          ) : latest.length === 0 ? (
            <p className={css.muted}>{t(m.noNotifications)}</p>
          ) : (
            <ul className={css.list} aria-label={t(m.latestNotifications)}>
              {latest.map((n) => {
                const isUnread = !isRead(n)
                return (
                  <li key={n._id} className={css.item} data-unread={isUnread || undefined}>
                    {isUnread ? <span className={css.dot} aria-hidden="true" /> : <span aria-hidden="true" />}
                    <span className={css.itemTitle}>
                      {isUnread && <VisuallyHidden>{t(m.unreadPrefix)}</VisuallyHidden>}
                      {n.priority === 'urgent' && <span className={css.urgent}>{t(m.urgentBadge)}</span>}
                      <span dir="auto">{n.title}</span>
                    </span>
                    <span className={css.when}>{relative(n.created_at_timestamp * 1000, now)}</span>
                  </li>
                )
              })}
            </ul>
          )}
        </>
      )}
      <Link href={INBOX_PATH} className={css.link}>
        {t(m.openInbox)}
      </Link>
    </Card>
  )
}

/** Members and pending invites, for a person who may read the team only. */
function TeamCard({ overview, loading }: { overview: OverviewActor; loading: boolean }) {
  const team = useSelector(overview, selectTeam)
  const mayReadTeam = can(usePermissions(), 'TEAM_MEMBERS', 'READ')
  const { t, number } = useTranslator()
  if (!mayReadTeam || (!loading && team === null)) return null
  return (
    <Card title={t(m.team)}>
      <Heading level={2} className={css.cardTitle}>
        {t(m.team)}
      </Heading>
      {loading || team === null ? (
        <Skeleton count={2} label={t(m.loadingTeam)} />
      ) : (
        <dl className={css.figures}>
          <div>
            <dt>{t(m.members, { count: team.members })}</dt>
            <dd>{number(team.members)}</dd>
          </div>
          <div>
            <dt>{t(m.pendingInvites, { count: team.pending_invites })}</dt>
            <dd>{number(team.pending_invites)}</dd>
          </div>
        </dl>
      )}
      <Link href="/app/setting/team" className={css.link}>
        {t(m.manageTeam)}
      </Link>
    </Card>
  )
}

/** Each checklist item's name and hint in the reader's language (the selectors keep the English). */
const STEP_TEXT: Readonly<Record<ChecklistItemId, { label: MessageDescriptor; hint: MessageDescriptor }>> = {
  invite: { label: m.inviteLabel, hint: m.inviteHint },
  role: { label: m.roleLabel, hint: m.roleHint },
  push: { label: m.pushLabel, hint: m.pushHint },
  preferences: { label: m.preferencesLabel, hint: m.preferencesHint },
}

/** The getting-started checklist: open, collapsed to 'All set', or hidden. */
function GettingStarted({ overview, loading }: { overview: OverviewActor; loading: boolean }) {
  const facts = useSelector(overview, selectChecklistFacts)
  const dismissed = useSelector(overview, selectChecklistDismissed)
  const items = checklistItems(facts, usePermissions())
  const view = checklistView(items, dismissed)
  const { t } = useTranslator()
  if (loading) {
    return (
      <Card title={t(m.gettingStarted)} wide>
        <Heading level={2} className={css.cardTitle}>
          {t(m.gettingStarted)}
        </Heading>
        <Skeleton count={3} label={t(m.loadingChecklist)} />
      </Card>
    )
  }
  if (view === 'hidden') return null
  const dismiss = (
    <Button variant="ghost" size="sm" onPress={() => overview.send({ type: 'overview.dismissChecklist' })}>
      {t(m.dismiss)}
    </Button>
  )
  if (view === 'done') {
    return (
      <Card title={t(m.gettingStarted)} wide>
        <div className={css.cardHead}>
          <Heading level={2} className={css.allSet}>
            <CircleCheck size={20} aria-hidden="true" className={css.allSetIcon} />
            {t(m.allSet)}
          </Heading>
          {dismiss}
        </div>
      </Card>
    )
  }
  return (
    <Card title={t(m.gettingStarted)} wide>
      <div className={css.cardHead}>
        <Heading level={2} className={css.cardTitle}>
          {t(m.gettingStarted)}
        </Heading>
        <span className={css.headEnd}>
          <span className={css.progress}>{t(m.progress, { done: items.filter((i) => i.done).length, total: items.length })}</span>
          {dismiss}
        </span>
      </div>
      <ul className={css.steps} aria-label={t(m.checklist)}>
        {items.map((item) => {
          const label = t(STEP_TEXT[item.id].label)
          return (
            <li key={item.id} className={css.step} data-done={item.done || undefined}>
              <span className={css.stepIcon} aria-hidden="true">
                {item.done && <Check size={14} strokeWidth={3} />}
              </span>
              <span className={css.stepBody}>
                <Link href={item.href} className={`${css.link} ${css.stepLabel}`} aria-label={item.done ? t(m.stepDone, { label }) : label}>
                  {label}
                </Link>
                <span className={css.muted}>{t(STEP_TEXT[item.id].hint)}</span>
              </span>
            </li>
          )
        })}
      </ul>
    </Card>
  )
}

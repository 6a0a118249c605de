/**
 * The team page's view (SPEC §2.4 Team Members): a search field (searched on the server by the
 * `team` actor, debounced), the members in a virtualised table read a page at a time
 * (./MembersTable.tsx: name, email, status, roles), per member 'Edit roles' (TEAM_MEMBERS update) and
 * 'Remove' (TEAM_MEMBERS delete) behind permission-gated buttons (SPEC §5), the roles dialog and
 * the removal confirmation (Modal primitive), and one list of pending invitations (existing
 * accounts asked to join, and new people who have not set their password yet) with when each
 * expires, 'Resend' and, for a new person, 'Copy link' (TEAM_MEMBERS create), and 'Revoke'
 * (TEAM_MEMBERS delete, confirmed).
 * It reads the `team` actor through selectors and sends events only.
 */
import { useSelector } from '@xstate/react'
import { type FormEvent, type ReactNode, useMemo } from 'react'
import XIcon from 'lucide-react/icons/x'
import { Button as AriaButton, Form, Input, Label, SearchField, VisuallyHidden } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import { type DisplayText, localized } from '../../../contract/messages.ts'
import { TEAM_MEMBERS_MAX_QUERY_LENGTH, type TeamInvitation, type TeamMember } from '../../../contract/team.ts'
import type { TeamMachine } from '../../../machines/team/team.machine.ts'
import { teamMessages as m } from '../../../machines/team/team.messages.ts'
import {
  type InvitationRow,
  selectHasMoreInvitations,
  selectHasMoreMembers,
  selectInvitationRows,
  selectInvitationsError,
  selectInvitationsRemaining,
  selectIsLoadingMoreInvitations,
  selectIsSearching,
  selectListError,
  selectMemberRows,
  selectMoreError,
  selectSets,
  selectTeamDialog,
  selectTeamLoadError,
  selectTeamQuery,
  selectTeamStatus,
} from '../../../machines/team/team.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { navMessages } from '../../navigation/nav.messages.ts'
import { alert } from '../../ui/FormAlert.css.ts'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { Table, type TableColumn } from '../../ui/primitives/Table/Table.tsx'
import * as pages from '../pages.css.ts'
import { INVITE_PATH, TEAM_CRUMBS, localCrumbs } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import { MembersTable, STATUS_LABELS } from './MembersTable.tsx'
import * as membersCss from './MembersTable.css.ts'
import { useGoTo } from './navigation.ts'
import { RoleCheckboxes } from './RoleCheckboxes.tsx'
import * as settings from './settings.css.ts'
import { UnauthorizedPage } from '../UnauthorizedPage.tsx'
import * as css from './TeamPage.css.ts'
import * as field from '../../ui/primitives/TextField/TextField.css.ts'

export type TeamActor = ActorRefFrom<TeamMachine>

export { STATUS_LABELS }

/** The dates of the invitations' lines: "1 Apr 2025" in English. */
const SHORT_DATE: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' }

export function TeamView({ actor }: { actor: TeamActor }) {
  const translator = useTranslator()
  const { t } = translator
  const goTo = useGoTo()
  const status = useSelector(actor, selectTeamStatus)
  const loadError = useSelector(actor, selectTeamLoadError)
  // No TEAM_MEMBERS view in this workspace (e.g. just switched to it): SPEC §2.2's page.
  if (status === 'forbidden') return <UnauthorizedPage />
  return (
    <div className={settings.stack}>
      <PageHeader
        title={t(navMessages.teamMembers)}
        crumbs={localCrumbs(translator, TEAM_CRUMBS)}
        actions={
          <GatedButton resource="TEAM_MEMBERS" action="CREATE" onPress={() => goTo(INVITE_PATH)}>
            {t(m.inviteMember)}
          </GatedButton>
        }
      />
      {(status === 'loading' || status === 'checkingAccess') && <Skeleton shape="block" count={3} height={56} label={t(m.loading)} />}
      {status === 'failed' && <LoadFailed message={loadError ?? localized(m.loadFailed)} onRetry={() => actor.send({ type: 'team.retry' })} />}
      {status === 'ready' && <Members actor={actor} />}
      {status === 'ready' && <PendingInvitations actor={actor} />}
      <TeamDialogs actor={actor} />
    </div>
  )
}

/**
 * The search field and what answers it: the members table, a skeleton while the first answer of a
 * search is awaited, the empty state ('No team members yet', or no match for the search), the
 * search's failure with 'Try again', and under the table why a further page failed.
 */
function Members({ actor }: { actor: TeamActor }) {
  const { t, text } = useTranslator()
  const rows = useSelector(actor, selectMemberRows)
  const query = useSelector(actor, selectTeamQuery)
  const searching = useSelector(actor, selectIsSearching)
  const listError = useSelector(actor, selectListError)
  const moreError = useSelector(actor, selectMoreError)
  const hasMore = useSelector(actor, selectHasMoreMembers)
  const searched = query.trim()
  const body =
    listError !== null ? (
      <LoadFailed message={listError} onRetry={() => actor.send({ type: 'team.retry' })} />
    ) : rows.length === 0 && !hasMore ? (
      searching ? (
        <Skeleton shape="block" count={3} height={56} label={t(m.loading)} />
      ) : (
        <EmptyState title={searched === '' ? t(m.empty) : t(m.noMatch, { query: searched })} />
      )
    ) : (
      <MembersTable actor={actor} rows={rows} />
    )
  return (
    <section className={css.section} aria-busy={searching}>
      <SearchField
        className={membersCss.search}
        value={query}
        maxLength={TEAM_MEMBERS_MAX_QUERY_LENGTH}
        onChange={(value) => actor.send({ type: 'team.search', query: value })}
      >
        <Label className={field.label}>{t(m.searchLabel)}</Label>
        <div className={membersCss.searchControl}>
          <Input className={membersCss.searchInput} placeholder={t(m.searchPlaceholder)} dir="auto" />
          <AriaButton className={membersCss.clear} aria-label={t(m.clearSearch)}>
            <XIcon size={16} aria-hidden="true" />
          </AriaButton>
        </div>
      </SearchField>
      {body}
      <VisuallyHidden role="status">{searching || listError !== null ? '' : t(m.memberCount, { count: rows.length })}</VisuallyHidden>
      {moreError !== null && (
        <div className={settings.actions}>
          <p role="alert" className={`${alert} ${pages.alertRow}`}>
            {text(moreError)}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'team.loadMore' })}>
            {t(m.tryAgain)}
          </Button>
        </div>
      )}
    </section>
  )
}

/** Role names as badges (the names are data: custom ones are typed by people). */
function RoleBadges({ names }: { names: ReadonlyArray<string> }) {
  return (
    <span className={css.roles}>
      {names.map((name) => (
        <span key={name} className={settings.badge} dir="auto">
          {name}
        </span>
      ))}
    </span>
  )
}

/** "Invited by Ada Admin on 1 Apr 2025", in `translator`'s language (the date in its locale). */
export function invitedLine(translator: Pick<Translator, 't' | 'date'>, invitation: TeamInvitation): string {
  const { t } = translator
  const date = translator.date(invitation.created_at, SHORT_DATE)
  const name = invitation.invited_by.label
  if (name) return date ? t(m.invitedByOn, { name, date }) : t(m.invitedBy, { name })
  return date ? t(m.invitedOn, { date }) : t(m.invited)
}

/** The invitations' columns, headed in `translator`'s language. */
const invitationColumns = (translator: Translator): ReadonlyArray<TableColumn<InvitationRow>> => [
  { id: 'name', name: translator.t(m.columnName), cell: ({ invitation }) => <span dir="auto">{invitation.fullName || invitation.email}</span> },
  { id: 'email', name: translator.t(m.columnEmail), cell: ({ invitation }) => invitation.email },
  { id: 'roles', name: translator.t(m.columnRoles), cell: ({ roleNames }) => <RoleBadges names={roleNames} /> },
  {
    id: 'invited',
    name: translator.t(m.columnInvited),
    cell: ({ invitation }) => <span className={settings.muted}>{invitedLine(translator, invitation)}</span>,
  },
  { id: 'expires', name: translator.t(m.columnExpires), cell: ({ invitation }) => <span className={settings.muted}>{expiryLine(translator, invitation, Date.now())}</span> },
]

/**
 * When an invitation stops working, at `now` (ms): "Link expires on 12 Apr 2025", "Link expired on
 * 12 Apr 2025: resend it", "No link: resend it" (a new person's), or "Does not expire" (an
 * existing account's, which they accept from their workspace switcher).
 */
export function expiryLine(translator: Pick<Translator, 't' | 'date'>, invitation: TeamInvitation, now: number): string {
  const { t } = translator
  if (invitation.kind === 'account') return t(m.doesNotExpire)
  const at = invitation.expires_at === null ? Number.NaN : Date.parse(invitation.expires_at)
  if (Number.isNaN(at)) return t(m.noLink)
  const date = translator.date(at, SHORT_DATE)
  return at > now ? t(m.linkExpires, { date }) : t(m.linkExpired, { date })
}

/**
 * Everyone invited here who has not joined yet, in one list: people with an account join once
 * they accept; new people once they set their password through their link, which can be copied
 * to hand over another way. Each can be sent the invitation again or have it revoked. The newest
 * page comes with the members; 'Show N more' reads the next one (the server's pages). Hidden when none.
 */
function PendingInvitations({ actor }: { actor: TeamActor }) {
  const rows = useSelector(actor, selectInvitationRows)
  const hasMore = useSelector(actor, selectHasMoreInvitations)
  const remaining = useSelector(actor, selectInvitationsRemaining)
  const loadingMore = useSelector(actor, selectIsLoadingMoreInvitations)
  const error = useSelector(actor, selectInvitationsError)
  const translator = useTranslator()
  const { t, text } = translator
  const columns = useMemo(() => invitationColumns(translator), [translator])
  if (rows.length === 0 && !hasMore) return null
  return (
    <section className={css.section} aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title" className={css.sectionTitle}>
        {t(m.pendingTitle)}
      </h2>
      <p className={settings.muted}>{t(m.pendingIntro)}</p>
      <Table
        aria-label={t(m.pendingTitle)}
        columns={columns}
        rows={rows}
        getRowId={({ invitation }) => invitation.id}
        rowActions={({ invitation, pending }) => {
          const name = invitation.fullName || invitation.email
          return (
            <>
              <GatedButton
                resource="TEAM_MEMBERS"
                action="CREATE"
                size="sm"
                variant="secondary"
                isPending={pending === 'resend'}
                onPress={() => actor.send({ type: 'team.resendInvitation', userId: invitation.user_id })}
              >
                {t(m.resend)}
                <VisuallyHidden> {t(m.invitationTo, { name })}</VisuallyHidden>
              </GatedButton>
              {invitation.kind === 'link' && (
                <GatedButton
                  resource="TEAM_MEMBERS"
                  action="CREATE"
                  size="sm"
                  variant="secondary"
                  isPending={pending === 'copyLink'}
                  onPress={() => actor.send({ type: 'team.copyInvitationLink', userId: invitation.user_id })}
                >
                  {t(m.copyLink)}
                  <VisuallyHidden> {t(m.forName, { name })}</VisuallyHidden>
                </GatedButton>
              )}
              <GatedButton
                resource="TEAM_MEMBERS"
                action="DELETE"
                size="sm"
                variant="danger"
                onPress={() => actor.send({ type: 'team.revokeInvitation', userId: invitation.user_id })}
              >
                {t(m.revoke)}
                <VisuallyHidden> {t(m.invitationTo, { name })}</VisuallyHidden>
              </GatedButton>
            </>
          )
        }}
      />
      {error !== null ? (
        <div className={settings.actions}>
          <p role="alert" className={`${alert} ${pages.alertRow}`}>
            {text(error)}
          </p>
          <Button variant="secondary" onPress={() => actor.send({ type: 'team.loadMoreInvitations' })}>
            {t(m.tryAgain)}
          </Button>
        </div>
      ) : (
        hasMore && (
          <div>
            <Button variant="ghost" size="sm" isPending={loadingMore} onPress={() => actor.send({ type: 'team.loadMoreInvitations' })}>
              {t(m.showMoreInvitations, { count: remaining })}
            </Button>
          </div>
        )
      )}
    </section>
  )
}

/** The roles dialog or the removal confirmation, whichever the actor has open. */
function TeamDialogs({ actor }: { actor: TeamActor }) {
  const dialog = useSelector(actor, selectTeamDialog)
  const sets = useSelector(actor, selectSets)
  const { t } = useTranslator()
  if (dialog === null) return null
  const close = (open: boolean) => {
    if (!open) actor.send({ type: 'team.cancel' })
  }
  if (dialog.kind === 'revoke') {
    const name = dialog.invitation.fullName || dialog.invitation.email
    return (
      <Modal
        role="alertdialog"
        size="sm"
        title={t(m.revokeTitle, { name })}
        description={t(m.revokeBody, { name, email: dialog.invitation.email })}
        isOpen
        onOpenChange={close}
        footer={
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'team.cancel' })} autoFocus>
              {t(m.cancel)}
            </Button>
            <Button variant="danger" onPress={() => actor.send({ type: 'team.confirmRevoke' })}>
              {t(m.revokeConfirm)}
            </Button>
          </>
        }
      />
    )
  }
  const cancel = (
    <Button variant="secondary" onPress={() => actor.send({ type: 'team.cancel' })} isDisabled={dialog.busy} autoFocus={dialog.kind === 'remove'}>
      {t(m.cancel)}
    </Button>
  )
  const { member, busy } = dialog
  if (dialog.kind === 'roles') {
    return (
      <Modal title={t(m.editRolesTitle, { name: member.fullName })} isOpen onOpenChange={close} isDismissable={!busy}>
        <RolesForm actor={actor} member={member} selection={dialog.selection} error={dialog.error} busy={busy} sets={sets} cancel={cancel} />
      </Modal>
    )
  }
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.removeTitle, { name: member.fullName })}
      description={t(m.removeBody, { name: member.fullName, email: member.email })}
      isOpen
      onOpenChange={close}
      isDismissable={!busy}
      footer={
        <>
          {cancel}
          <Button variant="danger" onPress={() => actor.send({ type: 'team.confirmRemove' })} isPending={busy}>
            {t(m.remove)}
          </Button>
        </>
      }
    />
  )
}

interface RolesFormProps {
  readonly actor: TeamActor
  readonly member: TeamMember
  readonly selection: ReadonlyArray<string>
  readonly error: DisplayText | null
  readonly busy: boolean
  readonly sets: ReadonlyArray<PermissionSet>
  readonly cancel: ReactNode
}

function RolesForm({ actor, member, selection, error, busy, sets, cancel }: RolesFormProps) {
  const { t, text } = useTranslator()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'team.saveRoles' })
  }
  // The group reports the whole new list; the machine takes one toggle per changed set.
  const change = (next: string[]) => {
    for (const id of next) if (!selection.includes(id)) actor.send({ type: 'team.toggleSet', setId: id })
    for (const id of selection) if (!next.includes(id)) actor.send({ type: 'team.toggleSet', setId: id })
  }
  return (
    <Form className={pages.form} onSubmit={submit} validationBehavior="aria">
      <RoleCheckboxes
        sets={sets}
        selection={selection}
        onChange={change}
        error={error === null ? null : text(error)}
        isDisabled={busy}
        description={t(m.rolesDescription, { email: member.email })}
      />
      <div className={settings.actions}>
        {cancel}
        <Button type="submit" isPending={busy}>
          {t(m.saveRoles)}
        </Button>
      </div>
    </Form>
  )
}

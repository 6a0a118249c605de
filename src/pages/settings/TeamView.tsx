/**
 * The team page's view (SPEC §2.4 Team Members): the members in the Table primitive (name,
 * email, status, roles; cards under 768 px), per member 'Edit roles' (TEAM_MEMBERS update) and
 * 'Remove' (TEAM_MEMBERS delete) behind permission-gated buttons (SPEC §5), the roles dialog and
 * the removal confirmation (Modal primitive), and one list of pending invitations (existing
 * accounts asked to join, and new people who have not set their password yet) with when each
 * expires, 'Resend' and, for a new person, 'Copy link' (TEAM_MEMBERS create), and 'Revoke'
 * (TEAM_MEMBERS delete, confirmed).
 * It reads the `team` actor through selectors and sends events only.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactNode } from 'react'
import { Form, VisuallyHidden } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import type { TeamInvitation, TeamMember } from '../../../contract/team.ts'
import type { TeamMachine } from '../../../machines/team/team.machine.ts'
import {
  type InvitationRow,
  type MemberRow,
  selectInvitationRows,
  selectMemberRows,
  selectSets,
  selectTeamDialog,
  selectTeamLoadError,
  selectTeamStatus,
} from '../../../machines/team/team.selectors.ts'
import { GatedButton, type GatedButtonProps } from '../../ui/GatedButton.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { EmptyState } from '../../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { Table, type TableColumn } from '../../ui/primitives/Table/Table.tsx'
import * as pages from '../pages.css.ts'
import { INVITE_PATH, TEAM_CRUMBS } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import { useGoTo } from './navigation.ts'
import { RoleCheckboxes } from './RoleCheckboxes.tsx'
import * as settings from './settings.css.ts'
import { UnauthorizedPage } from '../UnauthorizedPage.tsx'
import * as css from './TeamPage.css.ts'

export type TeamActor = ActorRefFrom<TeamMachine>

export const STATUS_LABELS: Readonly<Record<TeamMember['status'], string>> = { active: 'Active', invited: 'Invited' }

export function TeamView({ actor }: { actor: TeamActor }) {
  const goTo = useGoTo()
  const status = useSelector(actor, selectTeamStatus)
  const loadError = useSelector(actor, selectTeamLoadError)
  const rows = useSelector(actor, selectMemberRows)
  // No TEAM_MEMBERS view in this workspace (e.g. just switched to it): SPEC §2.2's page.
  if (status === 'forbidden') return <UnauthorizedPage />
  return (
    <div className={settings.stack}>
      <PageHeader
        title="Team Members"
        crumbs={TEAM_CRUMBS}
        actions={
          <GatedButton resource="TEAM_MEMBERS" action="CREATE" onPress={() => goTo(INVITE_PATH)}>
            Invite member
          </GatedButton>
        }
      />
      {(status === 'loading' || status === 'checkingAccess') && <Skeleton shape="block" count={3} height={56} label="Loading team members…" />}
      {status === 'failed' && <LoadFailed message={loadError ?? 'Could not load the team.'} onRetry={() => actor.send({ type: 'team.retry' })} />}
      {status === 'ready' && (rows.length === 0 ? <EmptyState title="No team members yet" /> : <MembersTable actor={actor} rows={rows} />)}
      {status === 'ready' && <PendingInvitations actor={actor} />}
      <TeamDialogs actor={actor} />
    </div>
  )
}

const MEMBER_COLUMNS: ReadonlyArray<TableColumn<MemberRow>> = [
  { id: 'name', name: 'Name', cell: ({ member }) => member.fullName },
  { id: 'email', name: 'Email', cell: ({ member }) => member.email },
  {
    id: 'status',
    name: 'Status',
    cell: ({ member }) => <span className={member.status === 'active' ? settings.badgeStrong : settings.badge}>{STATUS_LABELS[member.status]}</span>,
  },
  {
    id: 'roles',
    name: 'Roles',
    cell: ({ roleNames }) =>
      roleNames.length === 0 ? (
        <span className={settings.muted}>No roles</span>
      ) : (
        <span className={css.roles}>
          {roleNames.map((name) => (
            <span key={name} className={settings.badge}>
              {name}
            </span>
          ))}
        </span>
      ),
  },
]

function MembersTable({ actor, rows }: { actor: TeamActor; rows: ReadonlyArray<MemberRow> }) {
  return (
    <Table
      aria-label="Team members"
      columns={MEMBER_COLUMNS}
      rows={rows}
      getRowId={({ member }) => member.user_id}
      rowActions={({ member, isLastSuperAdmin }) => (
        <>
          <MemberButton action="UPDATE" variant="secondary" onPress={() => actor.send({ type: 'team.editRoles', userId: member.user_id })}>
            Edit roles<VisuallyHidden> for {member.fullName}</VisuallyHidden>
          </MemberButton>
          {/* A workspace keeps at least one Super Admin; the server refuses it too (409). */}
          {isLastSuperAdmin ? (
            <span className={settings.muted}>Only Super Admin</span>
          ) : (
            <MemberButton action="DELETE" variant="danger" onPress={() => actor.send({ type: 'team.remove', userId: member.user_id })}>
              Remove<VisuallyHidden> {member.fullName}</VisuallyHidden>
            </MemberButton>
          )}
        </>
      )}
    />
  )
}

/** "Invited by Ada Admin on 1 Apr 2025" (the date in the reader's locale). */
export function invitedLine(invitation: TeamInvitation): string {
  const date = new Date(invitation.created_at)
  const on = Number.isNaN(date.getTime()) ? '' : ` on ${date.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })}`
  return invitation.invited_by.label ? `Invited by ${invitation.invited_by.label}${on}` : `Invited${on}`
}

const INVITATION_COLUMNS: ReadonlyArray<TableColumn<InvitationRow>> = [
  { id: 'name', name: 'Name', cell: ({ invitation }) => invitation.fullName || invitation.email },
  { id: 'email', name: 'Email', cell: ({ invitation }) => invitation.email },
  {
    id: 'roles',
    name: 'Roles',
    cell: ({ roleNames }) => (
      <span className={css.roles}>
        {roleNames.map((name) => (
          <span key={name} className={settings.badge}>
            {name}
          </span>
        ))}
      </span>
    ),
  },
  { id: 'invited', name: 'Invited', cell: ({ invitation }) => <span className={settings.muted}>{invitedLine(invitation)}</span> },
  { id: 'expires', name: 'Expires', cell: ({ invitation }) => <span className={settings.muted}>{expiryLine(invitation, Date.now())}</span> },
]

/**
 * When an invitation stops working, at `now` (ms): "Link expires on 12 Apr 2025", "Link expired on
 * 12 Apr 2025: resend it", "No link: resend it" (a new person's), or "Does not expire" (an
 * existing account's, which they accept from their workspace switcher).
 */
export function expiryLine(invitation: TeamInvitation, now: number): string {
  if (invitation.kind === 'account') return 'Does not expire'
  const at = invitation.expires_at === null ? Number.NaN : Date.parse(invitation.expires_at)
  if (Number.isNaN(at)) return 'No link: resend it'
  const date = new Date(at).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' })
  return at > now ? `Link expires on ${date}` : `Link expired on ${date}: resend it`
}

/**
 * Everyone invited here who has not joined yet, in one list: people with an account join once
 * they accept; new people once they set their password through their link, which can be copied
 * to hand over another way. Each can be sent the invitation again or have it revoked. Hidden when none.
 */
function PendingInvitations({ actor }: { actor: TeamActor }) {
  const rows = useSelector(actor, selectInvitationRows)
  if (rows.length === 0) return null
  return (
    <section className={css.section} aria-labelledby="pending-invitations-title">
      <h2 id="pending-invitations-title" className={css.sectionTitle}>
        Pending invitations
      </h2>
      <p className={settings.muted}>
        People who already have an account join once they accept the invitation. New people join once they set a password through their invitation link.
      </p>
      <Table
        aria-label="Pending invitations"
        columns={INVITATION_COLUMNS}
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
                Resend<VisuallyHidden> invitation to {name}</VisuallyHidden>
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
                  Copy link<VisuallyHidden> for {name}</VisuallyHidden>
                </GatedButton>
              )}
              <GatedButton
                resource="TEAM_MEMBERS"
                action="DELETE"
                size="sm"
                variant="danger"
                onPress={() => actor.send({ type: 'team.revokeInvitation', userId: invitation.user_id })}
              >
                Revoke<VisuallyHidden> invitation to {name}</VisuallyHidden>
              </GatedButton>
            </>
          )
        }}
      />
    </section>
  )
}

/** A member row's small button, gated on its TEAM_MEMBERS permission (SPEC §5). */
function MemberButton({ action, ...props }: Pick<GatedButtonProps, 'variant' | 'onPress' | 'children'> & { action: 'UPDATE' | 'DELETE' }) {
  return <GatedButton resource="TEAM_MEMBERS" action={action} size="sm" {...props} />
}

/** The roles dialog or the removal confirmation, whichever the actor has open. */
function TeamDialogs({ actor }: { actor: TeamActor }) {
  const dialog = useSelector(actor, selectTeamDialog)
  const sets = useSelector(actor, selectSets)
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
        title={`Revoke the invitation to ${name}?`}
        description={`${name} (${dialog.invitation.email}) will no longer be able to join this workspace with it. You can invite them again later.`}
        isOpen
        onOpenChange={close}
        footer={
          <>
            <Button variant="secondary" onPress={() => actor.send({ type: 'team.cancel' })} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => actor.send({ type: 'team.confirmRevoke' })}>
              Revoke invitation
            </Button>
          </>
        }
      />
    )
  }
  const cancel = (
    <Button variant="secondary" onPress={() => actor.send({ type: 'team.cancel' })} isDisabled={dialog.busy} autoFocus={dialog.kind === 'remove'}>
      Cancel
    </Button>
  )
  const { member, busy } = dialog
  if (dialog.kind === 'roles') {
    return (
      <Modal title={`Edit roles for ${member.fullName}`} isOpen onOpenChange={close} isDismissable={!busy}>
        <RolesForm actor={actor} member={member} selection={dialog.selection} error={dialog.error} busy={busy} sets={sets} cancel={cancel} />
      </Modal>
    )
  }
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={`Remove ${member.fullName}?`}
      description={`${member.fullName} (${member.email}) will lose access to this workspace. Their account is kept, and they can be invited again.`}
      isOpen
      onOpenChange={close}
      isDismissable={!busy}
      footer={
        <>
          {cancel}
          <Button variant="danger" onPress={() => actor.send({ type: 'team.confirmRemove' })} isPending={busy}>
            Remove
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
  readonly error: string | null
  readonly busy: boolean
  readonly sets: ReadonlyArray<PermissionSet>
  readonly cancel: ReactNode
}

function RolesForm({ actor, member, selection, error, busy, sets, cancel }: RolesFormProps) {
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
        error={error}
        isDisabled={busy}
        description={`${member.email} will have every permission of the roles you tick.`}
      />
      <div className={settings.actions}>
        {cancel}
        <Button type="submit" isPending={busy}>
          Save roles
        </Button>
      </div>
    </Form>
  )
}

/**
 * The team page's view (SPEC §2.4 Team Members): the members in a react-aria Table (name,
 * email, status, roles), per member 'Edit roles' (TEAM_MEMBERS update) and 'Remove'
 * (TEAM_MEMBERS delete) behind permission-gated buttons (SPEC §5), the roles dialog and the
 * removal confirmation. It reads the `team` actor through selectors and sends events only.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import {
  Button,
  Cell,
  Column,
  Dialog,
  Form,
  Heading,
  Modal,
  ModalOverlay,
  Row,
  Table,
  TableBody,
  TableHeader,
  VisuallyHidden,
} from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { PermissionSet } from '../../../contract/api.ts'
import type { TeamMember } from '../../../contract/permissions.ts'
import type { TeamMachine } from '../../../machines/team/team.machine.ts'
import { type MemberRow, selectMemberRows, selectSets, selectTeamDialog, selectTeamLoadError, selectTeamStatus } from '../../../machines/team/team.selectors.ts'
import { GatedButton } from '../../ui/GatedButton.tsx'
import * as page from '../../ui/Page.css.ts'
import { EmptyState, PageHeader } from '../../ui/PageHeader.tsx'
import { INVITE_PATH, TEAM_CRUMBS } from './crumbs.ts'
import { LoadFailed, Loading } from './fields.tsx'
import { useGoTo } from './navigation.ts'
import { RoleCheckboxes } from './RoleCheckboxes.tsx'
import * as settings from './settings.css.ts'
import * as css from './TeamPage.css.ts'

export type TeamActor = ActorRefFrom<TeamMachine>

export const STATUS_LABELS: Readonly<Record<TeamMember['status'], string>> = { active: 'Active', invited: 'Invited' }

export function TeamView({ actor }: { actor: TeamActor }) {
  const goTo = useGoTo()
  const status = useSelector(actor, selectTeamStatus)
  const loadError = useSelector(actor, selectTeamLoadError)
  const rows = useSelector(actor, selectMemberRows)
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
      {status === 'loading' && <Loading>Loading team members…</Loading>}
      {status === 'failed' && <LoadFailed message={loadError ?? 'Could not load the team.'} onRetry={() => actor.send({ type: 'team.retry' })} />}
      {status === 'ready' && (rows.length === 0 ? <EmptyState title="No team members yet" /> : <MembersTable actor={actor} rows={rows} />)}
      <TeamDialogs actor={actor} />
    </div>
  )
}

function MembersTable({ actor, rows }: { actor: TeamActor; rows: ReadonlyArray<MemberRow> }) {
  return (
    <div className={css.tableScroller}>
      <Table aria-label="Team members" className={css.table}>
        <TableHeader>
          <Column isRowHeader className={css.column}>
            Name
          </Column>
          <Column className={css.column}>Email</Column>
          <Column className={css.column}>Status</Column>
          <Column className={css.column}>Roles</Column>
          <Column className={css.column}>
            <VisuallyHidden>Actions</VisuallyHidden>
          </Column>
        </TableHeader>
        <TableBody items={rows}>
          {({ member, roleNames }) => (
            <Row id={member.user_id} className={css.row}>
              <Cell className={`${css.cell} ${css.name}`}>{member.fullName}</Cell>
              <Cell className={css.cell}>{member.email}</Cell>
              <Cell className={css.cell}>
                <span className={member.status === 'active' ? settings.badgeStrong : settings.badge}>{STATUS_LABELS[member.status]}</span>
              </Cell>
              <Cell className={css.cell}>
                {roleNames.length === 0 ? (
                  <span className={settings.muted}>No roles</span>
                ) : (
                  <span className={css.roles}>
                    {roleNames.map((name) => (
                      <span key={name} className={settings.badge}>
                        {name}
                      </span>
                    ))}
                  </span>
                )}
              </Cell>
              <Cell className={css.cell}>
                <div className={css.rowActions}>
                  <GatedButton resource="TEAM_MEMBERS" action="UPDATE" className={settings.secondaryButton} onPress={() => actor.send({ type: 'team.editRoles', userId: member.user_id })}>
                    Edit roles<VisuallyHidden> for {member.fullName}</VisuallyHidden>
                  </GatedButton>
                  <GatedButton resource="TEAM_MEMBERS" action="DELETE" className={settings.dangerButton} onPress={() => actor.send({ type: 'team.remove', userId: member.user_id })}>
                    Remove<VisuallyHidden> {member.fullName}</VisuallyHidden>
                  </GatedButton>
                </div>
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  )
}

/** The roles dialog or the removal confirmation, whichever the actor has open. */
function TeamDialogs({ actor }: { actor: TeamActor }) {
  const dialog = useSelector(actor, selectTeamDialog)
  const sets = useSelector(actor, selectSets)
  if (dialog === null) return null
  const close = (open: boolean) => {
    if (!open) actor.send({ type: 'team.cancel' })
  }
  return (
    <ModalOverlay className={settings.overlay} isOpen isDismissable={!dialog.busy} isKeyboardDismissDisabled={dialog.busy} onOpenChange={close}>
      <Modal className={settings.modal}>
        {dialog.kind === 'roles' ? (
          <RolesDialog actor={actor} member={dialog.member} selection={dialog.selection} error={dialog.error} busy={dialog.busy} sets={sets} />
        ) : (
          <RemoveDialog actor={actor} member={dialog.member} busy={dialog.busy} />
        )}
      </Modal>
    </ModalOverlay>
  )
}

interface RolesDialogProps {
  readonly actor: TeamActor
  readonly member: TeamMember
  readonly selection: ReadonlyArray<string>
  readonly error: string | null
  readonly busy: boolean
  readonly sets: ReadonlyArray<PermissionSet>
}

function RolesDialog({ actor, member, selection, error, busy, sets }: RolesDialogProps) {
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
    <Dialog className={settings.dialog}>
      <Heading slot="title" className={settings.dialogTitle}>
        Edit roles for {member.fullName}
      </Heading>
      <Form className={settings.checkboxGroup} onSubmit={submit} validationBehavior="aria">
        <RoleCheckboxes sets={sets} selection={selection} onChange={change} error={error} isDisabled={busy} description={`${member.email} will have every permission of the roles you tick.`} />
        <div className={settings.actions}>
          <Button className={settings.secondaryButton} onPress={() => actor.send({ type: 'team.cancel' })} isDisabled={busy}>
            Cancel
          </Button>
          <Button type="submit" className={page.button} isPending={busy}>
            Save roles
          </Button>
        </div>
      </Form>
    </Dialog>
  )
}

function RemoveDialog({ actor, member, busy }: { actor: TeamActor; member: TeamMember; busy: boolean }) {
  return (
    <Dialog role="alertdialog" className={settings.dialog}>
      <Heading slot="title" className={settings.dialogTitle}>
        Remove {member.fullName}?
      </Heading>
      <p className={page.text}>
        {member.fullName} ({member.email}) will lose access to this workspace. Their account is kept, and they can be invited again.
      </p>
      <div className={settings.actions}>
        <Button className={settings.secondaryButton} onPress={() => actor.send({ type: 'team.cancel' })} isDisabled={busy} autoFocus>
          Cancel
        </Button>
        <Button className={settings.dangerButton} onPress={() => actor.send({ type: 'team.confirmRemove' })} isPending={busy}>
          Remove
        </Button>
      </div>
    </Dialog>
  )
}

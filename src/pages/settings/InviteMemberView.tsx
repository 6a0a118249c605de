/**
 * The invite form's view (SPEC §2.5 /app/setting/team/invite): email, name (optional), roles
 * (at least one), field errors, and the note that the invite link appears in the server log
 * until email is set up. It reads the `invite` actor through selectors and sends events only.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Form, Link } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { InviteMachine } from '../../../machines/team/invite.machine.ts'
import {
  selectInviteEmail,
  selectInviteFieldErrors,
  selectInviteFormError,
  selectInviteLoadError,
  selectInviteName,
  selectInviteSelection,
  selectInviteSets,
  selectInviteStatus,
} from '../../../machines/team/invite.selectors.ts'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { PageHeader } from '../../ui/PageHeader.tsx'
import { TEAM_CRUMBS, TEAM_PATH } from './crumbs.ts'
import { FormError, FormTextField, LoadFailed, Loading } from './fields.tsx'
import * as css from './InviteMemberPage.css.ts'
import * as settings from './settings.css.ts'
import { RoleCheckboxes } from './RoleCheckboxes.tsx'

export type InviteActor = ActorRefFrom<InviteMachine>

/** Until the server sends email, an invitation's link is printed to its log (docs/api.md). */
export const INVITE_LINK_NOTE =
  'Email is not set up yet: the invitation link appears in the server log. Send it to the person yourself; it works once and expires after 7 days.'

export function InviteMemberView({ actor }: { actor: InviteActor }) {
  const status = useSelector(actor, selectInviteStatus)
  const loadError = useSelector(actor, selectInviteLoadError)
  const header = <PageHeader title="Invite member" crumbs={TEAM_CRUMBS} />
  if (status === 'loading') {
    return (
      <div className={settings.stack}>
        {header}
        <Loading>Loading roles…</Loading>
      </div>
    )
  }
  if (status === 'loadFailed') {
    return (
      <div className={settings.stack}>
        {header}
        <LoadFailed message={loadError ?? 'Could not load the roles.'} onRetry={() => actor.send({ type: 'invite.retry' })} />
      </div>
    )
  }
  return (
    <div className={settings.stack}>
      {header}
      <InviteForm actor={actor} />
    </div>
  )
}

function InviteForm({ actor }: { actor: InviteActor }) {
  const status = useSelector(actor, selectInviteStatus)
  const email = useSelector(actor, selectInviteEmail)
  const fullName = useSelector(actor, selectInviteName)
  const selection = useSelector(actor, selectInviteSelection)
  const sets = useSelector(actor, selectInviteSets)
  const fieldErrors = useSelector(actor, selectInviteFieldErrors)
  const formError = useSelector(actor, selectInviteFormError)
  // `sent` looks like `sending` for the moment before the page navigates away.
  const busy = status === 'sending' || status === 'sent'

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'invite.submit' })
  }
  const change = (next: string[]) => {
    for (const id of next) if (!selection.includes(id)) actor.send({ type: 'invite.toggleSet', setId: id })
    for (const id of selection) if (!next.includes(id)) actor.send({ type: 'invite.toggleSet', setId: id })
  }

  return (
    <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label="Invite member">
      <p role="note" className={settings.note}>
        {INVITE_LINK_NOTE}
      </p>
      <FormError message={formError} />
      <FormTextField
        label="Email"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(value) => actor.send({ type: 'invite.changeEmail', value })}
        error={fieldErrors.email}
        isRequired
        isDisabled={busy}
      />
      <FormTextField
        label="Name (optional)"
        autoComplete="off"
        value={fullName}
        onChange={(value) => actor.send({ type: 'invite.changeName', value })}
        error={fieldErrors.fullName}
        description="How the team sees this person; if left empty, the start of the email address is used."
        isDisabled={busy}
      />
      <RoleCheckboxes sets={sets} selection={selection} onChange={change} error={fieldErrors.permission_set_ids} isDisabled={busy} description="Choose at least one." />
      <div className={settings.actions}>
        <Link href={TEAM_PATH} className={settings.secondaryButton} isDisabled={busy}>
          Cancel
        </Link>
        <GatedButton type="submit" resource="TEAM_MEMBERS" action="CREATE" isPending={busy}>
          Send invitation
        </GatedButton>
      </div>
    </Form>
  )
}

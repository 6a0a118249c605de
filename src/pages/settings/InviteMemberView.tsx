/**
 * The invite form's view (SPEC §2.5 /app/setting/team/invite): email and name (optional)
 * TextFields, roles (at least one, a CheckboxGroup), field errors, and the note saying what the
 * invitee receives by email. It reads the `invite` actor through selectors and sends events only.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Form } from 'react-aria-components'
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
import { inviteMessages as m } from '../../../machines/team/invite.messages.ts'
import { localized } from '../../../contract/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { GatedButton } from '../../ui/GatedButton.tsx'
import { LinkButton } from '../../ui/primitives/Button/Button.tsx'
import { PageHeader } from '../../ui/primitives/PageHeader/PageHeader.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as pages from '../pages.css.ts'
import { TEAM_CRUMBS, TEAM_PATH, localCrumbs } from './crumbs.ts'
import { LoadFailed } from './fields.tsx'
import * as settings from './settings.css.ts'
import { RoleCheckboxes } from './RoleCheckboxes.tsx'

export type InviteActor = ActorRefFrom<InviteMachine>

export function InviteMemberView({ actor }: { actor: InviteActor }) {
  const status = useSelector(actor, selectInviteStatus)
  const loadError = useSelector(actor, selectInviteLoadError)
  const translator = useTranslator()
  const { t } = translator
  const header = <PageHeader title={t(m.title)} crumbs={localCrumbs(translator, TEAM_CRUMBS)} />
  if (status === 'loading') {
    return (
      <div className={settings.stack}>
        {header}
        <Skeleton count={4} label={t(m.loading)} />
      </div>
    )
  }
  if (status === 'loadFailed') {
    return (
      <div className={settings.stack}>
        {header}
        <LoadFailed message={loadError ?? localized(m.loadFailed)} onRetry={() => actor.send({ type: 'invite.retry' })} />
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
  const { t } = useTranslator()
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
    <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={t(m.title)}>
      {/* The invitation is emailed (docs/api.md): a link to set a password, or an entry in the workspace list. */}
      <p role="note" className={settings.note}>
        {t(m.note)}
      </p>
      <FormAlert message={formError} />
      <TextField
        label={t(m.email)}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(value) => actor.send({ type: 'invite.changeEmail', value })}
        error={fieldErrors.email}
        isRequired
        isDisabled={busy}
      />
      <TextField
        label={t(m.name)}
        autoComplete="off"
        value={fullName}
        onChange={(value) => actor.send({ type: 'invite.changeName', value })}
        error={fieldErrors.fullName}
        description={t(m.nameHelp)}
        isDisabled={busy}
      />
      <RoleCheckboxes
        sets={sets}
        selection={selection}
        onChange={change}
        error={fieldErrors.permission_set_ids}
        isDisabled={busy}
        description={t(m.rolesHelp)}
      />
      <div className={settings.actions}>
        <LinkButton href={TEAM_PATH} variant="secondary" isDisabled={busy}>
          {t(m.cancel)}
        </LinkButton>
        <GatedButton type="submit" resource="TEAM_MEMBERS" action="CREATE" isPending={busy}>
          {t(m.send)}
        </GatedButton>
      </div>
    </Form>
  )
}

/**
 * /app/sign-up-info (SPEC §2.2): an approved workspace whose sign-up is not completed. The form
 * (ours): company name, team size and use case, checked by the contract, sent to
 * `POST /organizations/complete-signup`; then the session is verified again (not
 * user-initiated, redirect /app/dashboard) so the new signup_completed flag arrives and the route
 * guard lets the dashboard open. The page owns a `signupInfo` actor; the view renders whatever
 * state it is in (stories hand it one started from a saved state).
 */
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Form } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { TeamSizes } from '../../contract/workspaces.ts'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import type { SignupInfoMachine, TeamSize } from '../../machines/signupInfo/signupInfo.machine.ts'
import {
  selectCompanyName,
  selectSignupInfoFieldErrors,
  selectSignupInfoFormError,
  selectSignupInfoStatus,
  selectTeamSize,
  selectUseCase,
} from '../../machines/signupInfo/signupInfo.selectors.ts'
import { useAuth } from '../system/react.tsx'
import { useSignupInfoActor } from '../system/signupInfo.ts'
import { FormAlert } from '../ui/FormAlert.tsx'
import * as page from '../ui/Page.css.ts'
import { Button, LinkButton } from '../ui/primitives/Button/Button.tsx'
import { Select } from '../ui/primitives/Select/Select.tsx'
import { TextField } from '../ui/primitives/TextField/TextField.tsx'
import * as pages from './pages.css.ts'
import { StatusPage } from './StatusPage.tsx'

export type SignupInfoActor = ActorRefFrom<SignupInfoMachine>

/** What the team-size choices read as: '11-50' → '11–50 people'. */
export function teamSizeLabel(size: TeamSize): string {
  return size.endsWith('+') ? `${size.slice(0, -1)} or more people` : `${size.replace('-', '–')} people`
}

/** The team-size choices of the Select, in the contract's order. */
const TEAM_SIZE_ITEMS = TeamSizes.map((size) => ({ id: size, label: teamSizeLabel(size) }))

export function SignUpInfoPage() {
  const org = useAuth(selectCurrentOrg)
  const actor = useSignupInfoActor(org?.org_name ?? '')
  return <SignUpInfoView actor={actor} orgName={org?.org_name ?? null} />
}

/** The sign-up-info form of a `signupInfo` actor, in any of its states. */
export function SignUpInfoView({ actor, orgName }: { actor: SignupInfoActor; orgName: string | null }) {
  const status = useSelector(actor, selectSignupInfoStatus)
  const companyName = useSelector(actor, selectCompanyName)
  const teamSize = useSelector(actor, selectTeamSize)
  const useCase = useSelector(actor, selectUseCase)
  const fields = useSelector(actor, selectSignupInfoFieldErrors)
  const formError = useSelector(actor, selectSignupInfoFormError)
  const busy = status !== 'editing'

  if (status === 'completed') {
    return (
      <StatusPage title="Opening your workspace…" busy>
        <p role="status" className={page.text}>
          Thanks! Your details are saved; your workspace opens in a moment.
        </p>
      </StatusPage>
    )
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'signupInfo.submit' })
  }
  return (
    <StatusPage title="Finish setting up your workspace" busy={busy}>
      <p className={page.text}>
        {orgName ? (
          <>
            <strong>{orgName}</strong> has been approved.{' '}
          </>
        ) : null}
        Tell us a little about your team so we can set Engage up for you.
      </p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label="Finish setting up your workspace">
        <TextField
          label="Company name"
          autoComplete="organization"
          value={companyName}
          onChange={(value) => actor.send({ type: 'signupInfo.change', field: 'company_name', value })}
          error={fields.company_name}
          isDisabled={busy}
        />
        <Select
          label="Team size"
          placeholder="Choose a team size"
          items={TEAM_SIZE_ITEMS}
          selectedKey={teamSize || null}
          onSelectionChange={(size) => {
            if (size) actor.send({ type: 'signupInfo.chooseTeamSize', value: size })
          }}
          error={fields.team_size}
          isDisabled={busy}
        />
        <TextField
          label="Use case"
          description="What will your team use Engage for?"
          multiline
          value={useCase}
          onChange={(value) => actor.send({ type: 'signupInfo.change', field: 'use_case', value })}
          error={fields.use_case}
          isDisabled={busy}
        />
        <Button type="submit" isPending={busy}>
          {busy ? 'Saving…' : 'Continue'}
        </Button>
      </Form>
      <LinkButton href="/app/signout" variant="ghost">
        Sign out
      </LinkButton>
    </StatusPage>
  )
}

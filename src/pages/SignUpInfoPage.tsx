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
import { type SignupInfoMachine, TEAM_SIZE_REQUIRED, type TeamSize } from '../../machines/signupInfo/signupInfo.machine.ts'
import { signUpInfoMessages as m } from '../../machines/signupInfo/signupInfo.messages.ts'
import {
  selectCompanyName,
  selectSignupInfoFieldErrors,
  selectSignupInfoFormError,
  selectSignupInfoStatus,
  selectTeamSize,
  selectUseCase,
} from '../../machines/signupInfo/signupInfo.selectors.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { Translator } from '../i18n/translator.ts'
import { useAuth } from '../system/react.tsx'
import { useSignupInfoActor } from '../system/signupInfo.ts'
import { FormAlert } from '../ui/FormAlert.tsx'
import { richMessage } from '../i18n/rich.tsx'
import * as page from '../ui/Page.css.ts'
import { Button, LinkButton } from '../ui/primitives/Button/Button.tsx'
import { Select } from '../ui/primitives/Select/Select.tsx'
import { TextField } from '../ui/primitives/TextField/TextField.tsx'
import * as pages from './pages.css.ts'
import { StatusPage } from './StatusPage.tsx'

export type SignupInfoActor = ActorRefFrom<SignupInfoMachine>

/** What the team-size choices read as in the reader's language: '11-50' → '11–50 people', '1000+' → '1000 or more people'. */
export function teamSizeLabel(translator: Pick<Translator, 't' | 'number'>, size: TeamSize): string {
  // The language's digits, ungrouped as the contract writes them.
  const digits = (n: string) => translator.number(Number(n), { useGrouping: false })
  if (size.endsWith('+')) return translator.t(m.teamSizeOrMore, { from: digits(size.slice(0, -1)) })
  const [from = '', to = ''] = size.split('-')
  return translator.t(m.teamSizeRange, { from: digits(from), to: digits(to) })
}

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
  const translator = useTranslator()
  const { t } = translator
  // The team-size choices of the Select, in the contract's order.
  const teamSizes = TeamSizes.map((size) => ({ id: size, label: teamSizeLabel(translator, size) }))

  if (status === 'completed') {
    return (
      <StatusPage title={t(m.openingTitle)} busy>
        <p role="status" className={page.text}>
          {t(m.opening)}
        </p>
      </StatusPage>
    )
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!busy) actor.send({ type: 'signupInfo.submit' })
  }
  return (
    <StatusPage title={t(m.title)} busy={busy}>
      <p className={page.text}>
        {orgName ? (
          <>
            {richMessage(t, m.approved, { name: <strong dir="auto">{orgName}</strong> })}{' '}
          </>
        ) : null}
        {t(m.intro)}
      </p>
      <FormAlert message={formError} />
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={t(m.title)}>
        <TextField
          label={t(m.companyName)}
          autoComplete="organization"
          value={companyName}
          onChange={(value) => actor.send({ type: 'signupInfo.change', field: 'company_name', value })}
          error={fields.company_name}
          isDisabled={busy}
        />
        <Select
          label={t(m.teamSize)}
          placeholder={t(m.chooseTeamSize)}
          items={teamSizes}
          selectedKey={teamSize || null}
          onSelectionChange={(size) => {
            if (size) actor.send({ type: 'signupInfo.chooseTeamSize', value: size })
          }}
          error={fields.team_size === TEAM_SIZE_REQUIRED ? t(m.teamSizeRequired) : fields.team_size}
          isDisabled={busy}
        />
        <TextField
          label={t(m.useCase)}
          description={t(m.useCaseHelp)}
          multiline
          value={useCase}
          onChange={(value) => actor.send({ type: 'signupInfo.change', field: 'use_case', value })}
          error={fields.use_case}
          isDisabled={busy}
        />
        <Button type="submit" isPending={busy}>
          {busy ? t(m.saving) : t(m.continue)}
        </Button>
      </Form>
      <LinkButton href="/app/signout" variant="ghost">
        {t(m.signOut)}
      </LinkButton>
    </StatusPage>
  )
}

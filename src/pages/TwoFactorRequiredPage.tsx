/**
 * What a member sees while the current workspace requires two-factor authentication and they have
 * not turned it on (verify-token's `two_factor_required_setup`). The route guard sends them to
 * /app/account › Security (src/routes/guards.ts `appRedirectFor`), where
 * {@link TwoFactorRequiredNotice} says why above the sections that set it up; the page
 * {@link TwoFactorRequiredPage} is what AccessGate shows should a page be on screen before the
 * guard has run again. Both offer 'Switch workspace' when the person has other workspaces.
 */
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Heading } from 'react-aria-components'
import { useTranslator } from '../i18n/react.tsx'
import type { Translator } from '../i18n/translator.ts'
import { ACCOUNT_SECURITY_HREF } from '../navigation/account.ts'
import { useAuth, useOptionalWorkspacesActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import * as css from './TwoFactorRequiredPage.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { twoFactorRequiredMessages as m } from './status.messages.ts'

/** Where 'Set up two-factor authentication' goes: Account, Security tab. */
export const TWO_FACTOR_SETUP_HREF = ACCOUNT_SECURITY_HREF

/** The explanation, naming the workspace: "Acme Support requires two-factor authentication. Turn it on to continue." */
export function twoFactorRequiredText(orgName: string | null | undefined, translator: Pick<Translator, 't'>): string {
  const org = orgName?.trim()
  return org ? translator.t(m.textNamed, { org }) : translator.t(m.text)
}

/** The current workspace's name and whether the person has another workspace to switch to (the list is loaded if need be). */
function useRequirement(): { orgName: string | null; canSwitch: boolean } {
  const workspaces = useOptionalWorkspacesActor()
  // The list is loaded lazily (on the switcher's first open); ask for it to know if there is anywhere else to go.
  useEffect(() => workspaces?.send({ type: 'workspaces.load' }), [workspaces])
  const count = useSelector(workspaces ?? undefined, (s) => s?.context.workspaces?.length ?? 0)
  const orgName = useAuth((s) => s.context.currentOrg?.org_name ?? null)
  return { orgName, canSwitch: count > 1 }
}

/** The Security tab's notice while the requirement is pending; nothing otherwise. */
export function TwoFactorRequiredNotice() {
  const pending = useAuth((s) => s.context.currentOrg?.two_factor_required_setup === true)
  return pending ? <PendingNotice /> : null
}

function PendingNotice() {
  const { orgName, canSwitch } = useRequirement()
  return <TwoFactorRequiredNoticeView orgName={orgName} canSwitch={canSwitch} />
}

/** The notice itself (stories): `canSwitch` adds 'Switch workspace'. */
export function TwoFactorRequiredNoticeView({ orgName, canSwitch }: { orgName: string | null; canSwitch: boolean }) {
  const translator = useTranslator()
  const { t } = translator
  return (
    <section className={css.banner} aria-labelledby="two-factor-required-notice">
      <Heading level={2} id="two-factor-required-notice" className={css.bannerHeading}>
        {t(m.title)}
      </Heading>
      <p className={css.bannerText}>{twoFactorRequiredText(orgName, translator)}</p>
      {canSwitch && (
        <LinkButton href="/app/workspace-selection" variant="secondary" size="sm">
          {t(m.switchWorkspace)}
        </LinkButton>
      )}
    </section>
  )
}

/** The page AccessGate shows in place of any other while the requirement is pending. */
export function TwoFactorRequiredPage() {
  const { orgName, canSwitch } = useRequirement()
  return <TwoFactorRequiredView orgName={orgName} canSwitch={canSwitch} />
}

/** That page's view: `canSwitch` adds 'Switch workspace' (the person has other workspaces). */
export function TwoFactorRequiredView({ orgName = null, canSwitch }: { orgName?: string | null; canSwitch: boolean }) {
  const translator = useTranslator()
  const { t } = translator
  return (
    <section className={css.notice} aria-labelledby="two-factor-required-heading">
      <Heading level={1} id="two-factor-required-heading" className={page.heading}>
        {t(m.title)}
      </Heading>
      <p className={page.text}>{twoFactorRequiredText(orgName, translator)}</p>
      <LinkButton href={TWO_FACTOR_SETUP_HREF}>{t(m.setUp)}</LinkButton>
      {canSwitch && (
        <LinkButton href="/app/workspace-selection" variant="secondary">
          {t(m.switchWorkspace)}
        </LinkButton>
      )}
    </section>
  )
}

/**
 * The notice that replaces every /app page (Profile Settings excepted) while the
 * current workspace requires two-factor authentication and the person has not turned it on
 * (verify-token's `two_factor_required_setup`; AccessGate decides, src/routes/guards.ts
 * `twoFactorGateFor`). It points to Profile Settings › Security, and to the workspace selection
 * when the person has other workspaces. The shell (and its workspace switcher) stays around it.
 */
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { Heading } from 'react-aria-components'
import { TWO_FACTOR_MESSAGES } from '../../contract/twoFactor-codes.ts'
import { useOptionalWorkspacesActor } from '../system/react.tsx'
import * as page from '../ui/Page.css.ts'
import * as css from './TwoFactorRequiredPage.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'

/** Where 'Set up two-factor authentication' goes: Profile Settings, Security tab. */
export const TWO_FACTOR_SETUP_HREF = '/app/setting/profile-settings?tab=security'

/** The notice, wired to the workspace list (loaded if need be) to offer a way out. */
export function TwoFactorRequiredPage() {
  const workspaces = useOptionalWorkspacesActor()
  // The list is loaded lazily (on the switcher's first open); ask for it to know if there is anywhere else to go.
  useEffect(() => workspaces?.send({ type: 'workspaces.load' }), [workspaces])
  const count = useSelector(workspaces ?? undefined, (s) => s?.context.workspaces?.length ?? 0)
  return <TwoFactorRequiredView canSwitch={count > 1} />
}

/** The notice itself; `canSwitch` adds 'Switch workspace' (the person has other workspaces). */
export function TwoFactorRequiredView({ canSwitch }: { canSwitch: boolean }) {
  return (
    <section className={css.notice} aria-labelledby="two-factor-required-heading">
      <Heading level={1} id="two-factor-required-heading" className={page.heading}>
        Two-factor authentication required
      </Heading>
      <p className={page.text}>{TWO_FACTOR_MESSAGES.requiredSetup}</p>
      <LinkButton href={TWO_FACTOR_SETUP_HREF}>Set up two-factor authentication</LinkButton>
      {canSwitch && (
        <LinkButton href="/app/workspace-selection" variant="secondary">
          Switch workspace
        </LinkButton>
      )}
    </section>
  )
}

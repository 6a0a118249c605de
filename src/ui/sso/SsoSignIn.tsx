/**
 * /signin's way into single sign-on (docs/api.md "Single sign-on"): 'Continue with single
 * sign-on', with the message of a failed attempt (`?sso_error=`, a fixed reason). Light on
 * purpose: /signin loads it; the pages themselves (/signin/sso, /sso/callback) are
 * src/ui/sso/SsoPages.tsx, loaded with their routes.
 */
import type { SsoErrorReason } from '../../../contract/sso.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { localized } from '../../i18n/messages.ts'
import { FormAlert } from '../FormAlert.tsx'
import { LinkButton } from '../primitives/Button/Button.tsx'
import { ssoSignInMessages as m } from './sso.messages.ts'

/** /signin/sso, carrying the app path the visitor came for. */
export function ssoStartHref(redirect: string | null): string {
  return redirect === null ? '/signin/sso' : `/signin/sso?app_path=${encodeURIComponent(redirect)}`
}

/** /signin's single sign-on entry: the message of a failed attempt, and the way in. */
export function SsoSignInEntry({ reason, redirect }: { readonly reason?: SsoErrorReason | undefined; readonly redirect: string | null }) {
  const { t } = useTranslator()
  return (
    <>
      {/* The reason's fixed message (contract/sso.ts SSO_ERROR_MESSAGES), in the reader's language. */}
      {reason !== undefined && <FormAlert message={localized(m[reason])} />}
      <LinkButton variant="secondary" href={ssoStartHref(redirect)}>
        {t(m.entry)}
      </LinkButton>
    </>
  )
}

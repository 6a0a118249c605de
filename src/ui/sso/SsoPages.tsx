/**
 * The single sign-on pages (docs/api.md "Single sign-on"; SPEC.md §2.5 /sso/callback), thin views
 * of the ssoSignIn machine (machines/ssoSignIn): they read its snapshot through selectors and send
 * events; the rules and the calls are the machine's and src/system/ssoSignIn.ts's.
 *
 * - {@link SsoStartView}: /signin/sso, the 'Email' whose domain picks the workspace; then the
 *   browser goes to that workspace's identity provider;
 * - {@link SsoCallbackView}: /sso/callback, 'Signing you in…' while the return is checked and
 *   exchanged, or 'Link your account' when an account with the email exists but was never linked:
 *   its owner proves it with its password (and two-factor code) or one of its passkeys.
 */
import { useSelector } from '@xstate/react'
import KeyRound from 'lucide-react/icons/key-round'
import type { ReactNode } from 'react'
import { Form, Heading } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { SsoSignInInput, SsoSignInMachine } from '../../../machines/ssoSignIn/ssoSignIn.machine.ts'
import * as select from '../../../machines/ssoSignIn/ssoSignIn.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { passkeysUsableHere } from '../../platform/webauthn.ts'
import { useSsoSignInActor } from '../../system/ssoSignIn.ts'
import { titleFor, useDocumentTitle } from '../documentTitle.ts'
import { FormAlert } from '../FormAlert.tsx'
import * as page from '../Page.css.ts'
import { Button, LinkButton } from '../primitives/Button/Button.tsx'
import { TextField } from '../primitives/TextField/TextField.tsx'
import * as css from '../SignInPage.css.ts'
import { ssoSignInMessages as m } from './sso.messages.ts'

type SsoSignInActor = ActorRefFrom<SsoSignInMachine>

/** The card of the single sign-on pages (the sign-in page's look). */
function Card({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  useDocumentTitle(titleFor(title))
  return (
    <main className={page.centered}>
      <div className={page.card}>
        <Heading level={1} className={page.heading}>
          {title}
        </Heading>
        {children}
      </div>
    </main>
  )
}

/** /signin, keeping the app path the visitor came for. */
const signInHref = (redirect: string | null) => (redirect === null ? '/signin' : `/signin?app_path=${encodeURIComponent(redirect)}`)

/** /signin/sso: the email, then the provider. */
export function SsoStartView({ actor, redirect }: { readonly actor: SsoSignInActor; readonly redirect: string | null }) {
  const email = useSelector(actor, select.selectEmail)
  const emailError = useSelector(actor, select.selectEmailError)
  const formError = useSelector(actor, select.selectFormError)
  const busy = useSelector(actor, select.selectIsStarting)
  const { t } = useTranslator()
  return (
    <Card title={t(m.entry)}>
      <p className={css.notice}>{t(m.startIntro)}</p>
      <FormAlert message={formError} />
      <Form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'sso.submit' })
        }}
        validationBehavior="aria"
        aria-label={t(m.formLabel)}
      >
        <TextField
          name="email"
          type="email"
          label={t(m.email)}
          autoComplete="username"
          value={email}
          onChange={(value) => actor.send({ type: 'sso.changeEmail', value })}
          error={emailError}
          isDisabled={busy}
          autoFocus
        />
        <Button type="submit" isPending={busy}>
          {busy ? t(m.continuing) : t(m.continue)}
        </Button>
      </Form>
      <p className={css.switchLine}>
        <LinkButton variant="ghost" size="sm" href={signInHref(redirect)}>
          {t(m.backToSignIn)}
        </LinkButton>
      </p>
    </Card>
  )
}

/** /sso/callback: signing in, the link form, or nothing to complete. */
export function SsoCallbackView({ actor }: { readonly actor: SsoSignInActor }) {
  const view = useSelector(actor, select.selectView)
  const { t } = useTranslator()
  if (view === 'link') return <LinkAccountForm actor={actor} />
  if (view === 'nothing') {
    return (
      <Card title={t(m.completing)}>
        <p className={page.text}>{t(m.nothingToComplete)}</p>
        <LinkButton variant="secondary" href="/signin">
          {t(m.signIn)}
        </LinkButton>
      </Card>
    )
  }
  return (
    <Card title={t(m.completing)}>
      <p className={page.text} role="status">
        {t(m.signingYouIn)}
      </p>
    </Card>
  )
}

/**
 * 'Link your account': the proof an account's owner gives before single sign-on is linked to it:
 * its password (and its two-factor code when the server asks for one), or one of its passkeys.
 */
function LinkAccountForm({ actor }: { readonly actor: SsoSignInActor }) {
  const link = useSelector(actor, select.selectLink)
  const password = useSelector(actor, select.selectPassword)
  const code = useSelector(actor, select.selectCode)
  const asksCode = useSelector(actor, select.selectAsksCode)
  const passwordError = useSelector(actor, select.selectPasswordError)
  const codeError = useSelector(actor, select.selectCodeError)
  const formError = useSelector(actor, select.selectFormError)
  const offersPasskey = useSelector(actor, select.selectOffersPasskey)
  const busy = useSelector(actor, select.selectIsProving)
  const withPassword = useSelector(actor, select.selectIsProvingWithPassword)
  const withPasskey = useSelector(actor, select.selectIsProvingWithPasskey)
  const email = link?.email ?? ''
  const { t } = useTranslator()
  return (
    <Card title={t(m.linkTitle)}>
      <p className={css.notice}>{t(offersPasskey ? m.linkIntroPasskey : m.linkIntro, { email })}</p>
      <FormAlert message={formError} />
      <Form
        className={css.form}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'sso.link' })
        }}
        validationBehavior="aria"
        aria-label={t(m.linkTitle)}
      >
        <TextField
          name="password"
          type="password"
          label={t(m.password)}
          autoComplete="current-password"
          value={password}
          onChange={(value) => actor.send({ type: 'sso.changePassword', value })}
          error={passwordError}
          isDisabled={busy}
          autoFocus
        />
        {asksCode && (
          <TextField
            name="code"
            type="text"
            label={t(m.code)}
            autoComplete="one-time-code"
            value={code}
            onChange={(value) => actor.send({ type: 'sso.changeCode', value })}
            error={codeError}
            isDisabled={busy}
          />
        )}
        <Button type="submit" isPending={withPassword} isDisabled={withPasskey}>
          {withPassword ? t(m.linking) : t(m.link)}
        </Button>
        {offersPasskey && (
          <Button variant="secondary" icon={<KeyRound size={16} />} onPress={() => actor.send({ type: 'sso.usePasskey' })} isPending={withPasskey} isDisabled={withPassword}>
            {t(m.usePasskey)}
          </Button>
        )}
      </Form>
      <p className={css.switchLine}>
        <LinkButton variant="ghost" size="sm" href="/signin">
          {t(m.backToSignIn)}
        </LinkButton>
      </p>
    </Card>
  )
}

/** /signin/sso with its actor. */
export function SsoStartPage({ redirect, replaceWith }: { readonly redirect: string | null; readonly replaceWith: (href: string) => void }) {
  const actor = useSsoSignInActor({ page: 'start', redirect }, replaceWith)
  return <SsoStartView actor={actor} redirect={redirect} />
}

/**
 * /sso/callback with its actor: reads the provider's return (`query`, the search string as it
 * arrived) once; a failure replaces this address with /signin and the reason.
 */
export function SsoCallbackPage({ query, replaceWith }: { readonly query: string; readonly replaceWith: (href: string) => void }) {
  const input: SsoSignInInput = { page: 'callback', query, passkeySupported: passkeysUsableHere() }
  const actor = useSsoSignInActor(input, replaceWith)
  return <SsoCallbackView actor={actor} />
}

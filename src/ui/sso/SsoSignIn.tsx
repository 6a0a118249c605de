/**
 * Single sign-on in the browser (docs/api.md "Single sign-on"; SPEC.md §2.5 /sso/callback):
 *
 * - {@link SsoSignInEntry}: /signin's 'Continue with single sign-on', with the message of a
 *   failed attempt (`?sso_error=`, a fixed reason);
 * - {@link SsoStartPage}: /signin/sso, the step asking for the 'Email' whose domain picks the
 *   workspace, then the browser goes to that workspace's identity provider;
 * - {@link SsoCallbackPage}: /sso/callback, where the provider sends the browser back: the code is
 *   exchanged by the server and the session handed to the auth actor (`auth.sessionStarted`), or,
 *   when an account with the email exists but was never linked, its owner proves it first.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { Form, Heading } from 'react-aria-components'
import { Email } from '../../../contract/api.ts'
import { SSO_ERROR_MESSAGES, type SsoErrorReason, type SsoLinkRequired, type SsoSignedIn } from '../../../contract/sso.ts'
import { validate } from '../../../contract/validate.ts'
import { toAuthError } from '../../../machines/shared/auth-error.ts'
import { toStoredTokens } from '../../../machines/token/token.policy.ts'
import { goToProvider, rememberSsoState, takeSsoState } from '../../platform/sso-attempt.ts'
import { useApi } from '../../system/api.tsx'
import { useAuthActor } from '../../system/react.tsx'
import { titleFor, useDocumentTitle } from '../documentTitle.ts'
import { FormAlert } from '../FormAlert.tsx'
import * as page from '../Page.css.ts'
import { Button, LinkButton } from '../primitives/Button/Button.tsx'
import { TextField } from '../primitives/TextField/TextField.tsx'
import * as css from '../SignInPage.css.ts'
import { callbackFailure, isProviderUrl, readProviderReturn, stateOf } from './sso-flow.ts'

/** /signin/sso, carrying the app path the visitor came for. */
export function ssoStartHref(redirect: string | null): string {
  return redirect === null ? '/signin/sso' : `/signin/sso?app_path=${encodeURIComponent(redirect)}`
}

/** /signin's single sign-on entry: the message of a failed attempt, and the way in. */
export function SsoSignInEntry({ reason, redirect }: { readonly reason?: SsoErrorReason | undefined; readonly redirect: string | null }) {
  return (
    <>
      {reason !== undefined && <FormAlert message={SSO_ERROR_MESSAGES[reason]} />}
      <LinkButton variant="secondary" href={ssoStartHref(redirect)}>
        Continue with single sign-on
      </LinkButton>
    </>
  )
}

/** The card of the single sign-on pages (the sign-in page's look). */
function Card({ title, children }: { readonly title: string; readonly children: React.ReactNode }) {
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

/** /signin/sso: the email, then the provider. */
export function SsoStartPage({ redirect }: { readonly redirect: string | null }) {
  const api = useApi()
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ message: string | null; field: string | null }>({ message: null, field: null })
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    const checked = validate(Email, email)
    if (!checked.ok) return setError({ message: null, field: checked.issues[0]?.message ?? 'Enter a valid email address' })
    setBusy(true)
    setError({ message: null, field: null })
    try {
      const { url } = await api.sso.start({ email: checked.value, ...(redirect === null ? {} : { redirect }) })
      const state = stateOf(url)
      if (!isProviderUrl(url) || state === null) throw new Error('not a provider URL')
      rememberSsoState(state)
      goToProvider(url)
    } catch (failure) {
      setBusy(false)
      const status = (failure as { status?: unknown }).status
      // The server's own sentences (an unknown domain names it; a provider down says so).
      setError({ message: status === 404 || status === 502 ? toAuthError(failure).message : SSO_ERROR_MESSAGES.provider_unavailable, field: null })
    }
  }
  return (
    <Card title="Continue with single sign-on">
      <p className={css.notice}>Enter your work email. We send you to your organisation’s sign-in page.</p>
      <FormAlert message={error.message} />
      <Form className={css.form} onSubmit={(e) => void submit(e)} validationBehavior="aria" aria-label="Single sign-on">
        <TextField name="email" type="email" label="Email" autoComplete="username" value={email} onChange={setEmail} error={error.field} isDisabled={busy} autoFocus />
        <Button type="submit" isPending={busy}>
          {busy ? 'Continuing…' : 'Continue'}
        </Button>
      </Form>
      <p className={css.switchLine}>
        <LinkButton variant="ghost" size="sm" href={redirect === null ? '/signin' : `/signin?app_path=${encodeURIComponent(redirect)}`}>
          Back to sign in
        </LinkButton>
      </p>
    </Card>
  )
}

/**
 * /sso/callback: reads the provider's return (`query`) once, against this tab's attempt; then
 * signs in, or asks the account's owner to prove it. `onFailed` goes back to /signin with the reason.
 */
export function SsoCallbackPage({ query, onFailed }: { readonly query: URLSearchParams; readonly onFailed: (reason: SsoErrorReason) => void }) {
  const api = useApi()
  const auth = useAuthActor()
  const [link, setLink] = useState<SsoLinkRequired | null>(null)
  const started = useRef(false)
  const signIn = (answer: SsoSignedIn) =>
    auth.send({ type: 'auth.sessionStarted', result: { tokens: toStoredTokens(answer, Date.now()), orgId: answer.org_id }, redirect: answer.redirect ?? '/app' })

  // Opened without a provider's answer (a bookmark, a typed address): nothing to complete.
  const bare = !query.has('state') && !query.has('code') && !query.has('error')
  useEffect(() => {
    if (started.current || bare) return
    started.current = true
    const read = readProviderReturn(query, takeSsoState())
    if (read.kind === 'failed') return onFailed(read.reason)
    api.sso.callback(read.body).then(
      (answer) => (answer.outcome === 'signed_in' ? signIn(answer) : setLink(answer)),
      (failure: unknown) => onFailed(callbackFailure(failure)),
    )
    // Once per page: a return is exchanged once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  if (bare) {
    return (
      <Card title="Completing single sign-on">
        <p className={page.text}>There is no single sign-on to complete here. Start it from the sign-in page.</p>
        <LinkButton variant="secondary" href="/signin">
          Sign in
        </LinkButton>
      </Card>
    )
  }
  if (link !== null) return <LinkAccountForm link={link} onSignedIn={(tokens) => signIn({ outcome: 'signed_in', ...tokens })} onExpired={() => onFailed('expired')} />
  return (
    <Card title="Completing single sign-on">
      <p className={page.text} role="status">
        Signing you in…
      </p>
    </Card>
  )
}

/**
 * The proof an account's owner gives before single sign-on is linked to it: its password, and its
 * two-factor code when the server asks for one.
 */
function LinkAccountForm({
  link,
  onSignedIn,
  onExpired,
}: {
  readonly link: SsoLinkRequired
  readonly onSignedIn: (tokens: Omit<SsoSignedIn, 'outcome'>) => void
  readonly onExpired: () => void
}) {
  const api = useApi()
  const [password, setPassword] = useState('')
  const [code, setCode] = useState('')
  const [askCode, setAskCode] = useState(false)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    setBusy(true)
    try {
      onSignedIn(await api.sso.link({ link_token: link.link_token, password, ...(askCode ? { code } : {}) }))
    } catch (failure) {
      setBusy(false)
      const error = toAuthError(failure)
      if (error.fields['link_token'] !== undefined) return onExpired()
      if (error.fields['code'] !== undefined) setAskCode(true)
      setErrors(Object.keys(error.fields).length > 0 ? error.fields : { _form: error.message })
    }
  }
  return (
    <Card title="Link your account">
      <p className={css.notice}>{`An account with ${link.email} already exists. Enter its password to link single sign-on to it.`}</p>
      <FormAlert message={errors['_form'] ?? null} />
      <Form className={css.form} onSubmit={(e) => void submit(e)} validationBehavior="aria" aria-label="Link your account">
        <TextField name="password" type="password" label="Password" autoComplete="current-password" value={password} onChange={setPassword} error={errors['password']} isDisabled={busy} autoFocus />
        {askCode && <TextField name="code" type="text" label="Authentication code" autoComplete="one-time-code" value={code} onChange={setCode} error={errors['code']} isDisabled={busy} />}
        <Button type="submit" isPending={busy}>
          {busy ? 'Linking…' : 'Link and sign in'}
        </Button>
      </Form>
      <p className={css.switchLine}>
        <LinkButton variant="ghost" size="sm" href="/signin">
          Back to sign in
        </LinkButton>
      </p>
    </Card>
  )
}

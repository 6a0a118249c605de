/**
 * The sign-in page (ours: the spec names /signin but not its form). Email and password, field
 * errors from the contract, a form error for wrong credentials, a busy state while signing in.
 * After sign-in the auth machine goes to `redirect` (already checked same-origin by the route).
 *
 * 'Create an account' leads to sign-up (ours, `POST /users/signup`): full name, work email,
 * password and the first workspace's name, sent as `auth.signUp`. The new workspace starts on
 * the waitlist, so the route guard then takes the person to /app/waitlist. /signup opens the
 * page on the sign-up form (`initialMode`); on the routes each form's switch is a link to the
 * other's address (`signUpHref`, `signInHref`), elsewhere (stories) it switches the page in place.
 * The tab is titled after the form shown ("Sign in · Engage", "Create your account · Engage").
 *
 * 'Forgot password?' under the password field leads to /forgot-password, with the
 * address typed so far.
 *
 * When the account has two-factor authentication on, the auth machine waits in
 * `twoFactor` and the page shows the second step instead: the authenticator app's code, or
 * (after 'Use a recovery code') one of the recovery codes.
 */
import { type FormEvent, type ReactNode, useState } from 'react'
import { Form, Heading, Link } from 'react-aria-components'
import { SIGN_UP_PLAN_TERMS, type SignUpPlan } from '../../contract/workspaces.ts'
import type { TwoFactorMethod } from '../../machines/auth/auth.machine.ts'
import type { AuthError } from '../../machines/shared/auth-error.ts'
import {
  type AuthSnapshot,
  selectAuthError,
  selectIsCheckingTwoFactor,
  selectIsSigningIn,
  selectIsTwoFactorStep,
} from '../../machines/auth/auth.selectors.ts'
import { signInMessages as m } from '../../machines/auth/auth.messages.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { DisplayText, MessageDescriptor } from '../i18n/messages.ts'
import type { Translator } from '../i18n/translator.ts'
import { useAuth, useAuthActor } from '../system/react.tsx'
import { titleFor, useDocumentTitle } from './documentTitle.ts'
import { FormAlert } from './FormAlert.tsx'
import { Logo } from './Logo.tsx'
import * as page from './Page.css.ts'
import { Button, LinkButton } from './primitives/Button/Button.tsx'
import { TextField, type TextFieldType } from './primitives/TextField/TextField.tsx'
import * as css from './SignInPage.css.ts'
import { SsoSignInEntry } from './sso/SsoSignIn.tsx'
import { PasskeySignInButton, usePasskeySignIn } from './PasskeySignIn.tsx'
import { reasonFrom } from './sso/sso-flow.ts'
import { signUpMessages as up } from './SignInPage.messages.ts'

export interface SignInPageProps {
  /** Same-origin /app path to land on after sign-in, or null for /app. */
  readonly redirect: string | null
  /** True when the visitor was sent here from an /app page (SPEC §2.2 main_app=true). */
  readonly fromApp?: boolean
  /** The form shown first: sign-in (default) or sign-up. */
  readonly initialMode?: SignInMode
  /**
   * Where the sign-up form's 'Sign in' goes (/signup links back to /signin); without
   * it the sign-up form's 'Back to sign in' switches the page in place.
   */
  readonly signInHref?: string
  /** Where the sign-in form's 'Create an account' goes (/signup); without it the page switches in place. */
  readonly signUpHref?: string
  /** Why single sign-on came back to /signin (`?sso_error=`); its fixed message shows above 'Continue with single sign-on'. */
  readonly ssoError?: string | undefined
  /** The plan /pricing chose (`/signup?plan=`): the sign-up form names it and the new workspace starts on it. */
  readonly plan?: SignUpPlan | undefined
}

/** The tab's title for each form (every public page names itself), in English. */
export const AUTH_DOCUMENT_TITLES: Readonly<Record<SignInMode, string>> = {
  signIn: titleFor('Sign in'),
  signUp: titleFor('Create your account'),
}

/** The tab's title for each form in the reader's language ("Sign in · Engage"). */
export function authDocumentTitle(mode: SignInMode, translator: Pick<Translator, 't'>): string {
  return titleFor(translator.t(mode === 'signIn' ? m.signIn : up.documentTitle))
}

/** The two forms of the page. */
export const SIGN_IN_MODES = ['signIn', 'signUp'] as const
export type SignInMode = (typeof SIGN_IN_MODES)[number]

/** The sign-up call and the verification after it (the sign-in selector covers that verification too). */
const selectIsSigningUp = (s: AuthSnapshot) => s.matches('signingUp') || selectIsSigningIn(s)

export function SignInPage(props: SignInPageProps) {
  const twoFactorStep = useAuth(selectIsTwoFactorStep)
  return twoFactorStep ? <TwoFactorForm /> : <CredentialsPage {...props} />
}

function CredentialsPage({ redirect, fromApp = false, initialMode = 'signIn', signInHref, signUpHref, ssoError, plan }: SignInPageProps) {
  const [mode, setMode] = useState<SignInMode>(initialMode)
  useDocumentTitle(authDocumentTitle(mode, useTranslator()))
  // The auth error belongs to the form that was last sent: switching forms hides it until that form is sent.
  const [sentFrom, setSentFrom] = useState<SignInMode>(initialMode)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const switchTo = (next: SignInMode) => () => setMode(next)
  // What both forms get: where to go after, whether the actor's error is theirs, and the shared email and password.
  const formProps = (form: SignInMode): FormProps => ({
    redirect,
    showErrors: sentFrom === form,
    onSent: () => setSentFrom(form),
    email,
    onEmailChange: setEmail,
    password,
    onPasswordChange: setPassword,
  })
  if (mode === 'signUp') return <SignUpForm {...formProps('signUp')} onSignIn={switchTo('signIn')} signInHref={signInHref} plan={plan} />
  return <SignInForm {...formProps('signIn')} fromApp={fromApp} onCreateAccount={switchTo('signUp')} signUpHref={signUpHref} ssoError={ssoError} />
}

interface FormProps {
  readonly redirect: string | null
  /** Whether the auth actor's error is this form's (see `sentFrom`). */
  readonly showErrors: boolean
  readonly onSent: () => void
  // Email and password are kept across the two forms: a person who picked the wrong one keeps what they typed.
  readonly email: string
  readonly onEmailChange: (value: string) => void
  readonly password: string
  readonly onPasswordChange: (value: string) => void
}

function SignInForm({
  fromApp,
  onCreateAccount,
  signUpHref,
  ssoError,
  ...props
}: FormProps & { readonly fromApp: boolean; readonly onCreateAccount: () => void; readonly signUpHref: string | undefined; readonly ssoError?: string | undefined }) {
  const { redirect, email, onEmailChange: setEmail, password, onPasswordChange: setPassword } = props
  const { t } = useTranslator()
  const signInForm = useAuthForm(props, selectIsSigningIn, () => ({ type: 'auth.signIn', email, password, redirect }))
  // Passkeys (src/ui/PasskeySignIn.tsx): the button, the email field's suggestions, and their errors in the form's alert.
  const passkey = usePasskeySignIn(redirect)
  const form = { ...signInForm, formMessage: signInForm.formMessage ?? passkey.error }
  return (
    <AuthCard
      copy={signInCopy(t)}
      notice={fromApp && !form.formMessage ? t(m.fromApp) : null}
      form={form}
      onSwitch={onCreateAccount}
      switchHref={signUpHref}
      fields={[
        { name: 'email', type: 'email', label: t(m.email), autoComplete: 'username webauthn', value: email, onChange: setEmail },
        { name: 'password', type: 'password', label: t(m.password), autoComplete: 'current-password', value: password, onChange: setPassword },
      ]}
      afterFields={
        <div className={css.forgotLine}>
          <LinkButton variant="ghost" size="sm" href={forgotPasswordHref(email)} isDisabled={form.busy}>
            {t(m.forgotPassword)}
          </LinkButton>
        </div>
      }
      extra={
        <>
          <PasskeySignInButton passkey={passkey} isDisabled={form.busy} />
          <SsoSignInEntry reason={reasonFrom(ssoError)} redirect={redirect} />
        </>
      }
    />
  )
}

/**
 * /forgot-password, carrying the address typed so far (`?email=`, prefilled there) so
 * the person need not type it twice.
 */
export function forgotPasswordHref(email: string): string {
  const typed = email.trim()
  return typed === '' ? '/forgot-password' : `/forgot-password?email=${encodeURIComponent(typed)}`
}

function SignUpForm({
  onSignIn,
  signInHref,
  plan,
  ...props
}: FormProps & { readonly onSignIn: () => void; readonly signInHref: string | undefined; readonly plan: SignUpPlan | undefined }) {
  const { redirect, email, onEmailChange: setEmail, password, onPasswordChange: setPassword } = props
  const translator = useTranslator()
  const { t } = translator
  const [fullName, setFullName] = useState('')
  const [orgName, setOrgName] = useState('')
  const form = useAuthForm(props, selectIsSigningUp, () => ({
    type: 'auth.signUp',
    fullName,
    email,
    password,
    org_name: orgName,
    ...(plan === undefined ? {} : { plan }),
    redirect,
  }))
  return (
    <AuthCard
      copy={signInHref === undefined ? signUpCopy(t) : { ...signUpCopy(t), switchLabel: t(up.signIn) }}
      notice={signUpNotice(plan, translator)}
      form={form}
      onSwitch={onSignIn}
      switchHref={signInHref}
      fields={[
        { name: 'fullName', type: 'text', label: t(up.fullName), autoComplete: 'name', value: fullName, onChange: setFullName, autoFocus: true },
        { name: 'email', type: 'email', label: t(up.workEmail), autoComplete: 'email', value: email, onChange: setEmail },
        { name: 'password', type: 'password', label: t(up.password), autoComplete: 'new-password', value: password, onChange: setPassword },
        { name: 'org_name', type: 'text', label: t(up.workspaceName), autoComplete: 'organization', value: orgName, onChange: setOrgName },
      ]}
    />
  )
}

/** What the sign-up form says first: the plan chosen on /pricing, if any, and the waitlist. */
export function signUpNotice(plan: SignUpPlan | undefined, translator: Pick<Translator, 't' | 'number'>): string {
  if (plan === undefined) return translator.t(up.waitlistNotice)
  const terms = SIGN_UP_PLAN_TERMS[plan]
  return translator.t(up.planNotice, { plan: terms.planName, credits: translator.number(terms.monthlyCredits) })
}

/** What the second step says for each way of answering it. */
const TWO_FACTOR_COPY: Readonly<Record<TwoFactorMethod, { intro: MessageDescriptor; label: MessageDescriptor; field: string; autoComplete: string; switchLabel: MessageDescriptor }>> = {
  totp: {
    intro: m.totpIntro,
    label: m.totpLabel,
    field: 'code',
    autoComplete: 'one-time-code',
    switchLabel: m.useRecoveryCode,
  },
  recovery: {
    intro: m.recoveryIntro,
    label: m.recoveryLabel,
    field: 'recovery_code',
    autoComplete: 'off',
    switchLabel: m.useAuthenticator,
  },
}

/** The second sign-in step: a code from the authenticator app or a recovery code. */
function TwoFactorForm() {
  const auth = useAuthActor()
  const busy = useAuth(selectIsCheckingTwoFactor)
  const error = useAuth(selectAuthError)
  const [method, setMethod] = useState<TwoFactorMethod>('totp')
  const [code, setCode] = useState('')
  const copy = TWO_FACTOR_COPY[method]
  const { t } = useTranslator()
  useDocumentTitle(titleFor(t(m.twoFactorTitle)))
  const form: AuthFormState = {
    busy,
    errors: error?.fields ?? {},
    formMessage: formMessageOf(error),
    submit: (e) => {
      e.preventDefault()
      if (!busy) auth.send({ type: 'auth.submitTwoFactor', method, code })
    },
  }
  const switchMethod = () => {
    setMethod(method === 'totp' ? 'recovery' : 'totp')
    setCode('')
  }
  return (
    <AuthCard
      copy={{
        title: t(m.twoFactorTitle),
        formLabel: t(m.twoFactorTitle),
        submit: t(m.verify),
        submitBusy: t(m.verifying),
        switchPrompt: t(m.notYou),
        switchLabel: t(m.backToSignIn),
      }}
      notice={t(copy.intro)}
      form={form}
      onSwitch={() => auth.send({ type: 'auth.cancelTwoFactor' })}
      fields={[
        {
          // A new field for each method, so the browser's autofill hint and the error follow it.
          name: copy.field,
          type: 'text',
          label: t(copy.label),
          autoComplete: copy.autoComplete,
          value: code,
          onChange: setCode,
          autoFocus: true,
          ...(method === 'totp' ? { inputMode: 'numeric' as const } : {}),
        },
      ]}
      extra={
        <Button variant="ghost" size="sm" onPress={switchMethod} isDisabled={busy}>
          {t(copy.switchLabel)}
        </Button>
      }
    />
  )
}

/** What each form says: its title, its name, its submit button (idle, busy) and the line switching to the other form. */
interface FormCopy {
  readonly title: string
  readonly formLabel: string
  readonly submit: string
  readonly submitBusy: string
  readonly switchPrompt: string
  readonly switchLabel: string
}

/** The sign-in form's words. */
const signInCopy = (t: Translator['t']): FormCopy => ({
  title: t(m.title),
  formLabel: t(m.signIn),
  submit: t(m.signIn),
  submitBusy: t(m.signingIn),
  switchPrompt: t(m.newToEngage),
  switchLabel: t(m.createAccount),
})

/** The sign-up form's words. */
const signUpCopy = (t: Translator['t']): FormCopy => ({
  title: t(up.title),
  formLabel: t(up.formLabel),
  submit: t(up.submit),
  submitBusy: t(up.submitting),
  switchPrompt: t(up.haveAccount),
  switchLabel: t(up.backToSignIn),
})

type AuthEvent = Parameters<ReturnType<typeof useAuthActor>['send']>[0]

/** A form's state as `useAuthForm` gives it. */
interface AuthFormState {
  readonly busy: boolean
  readonly errors: Readonly<Record<string, string>>
  readonly formMessage: DisplayText | null
  readonly submit: (e: FormEvent<HTMLFormElement>) => void
}

/**
 * What both forms share: whether the auth actor is busy with this form's call (`selectBusy`),
 * the field errors and form message to show (only when the actor's error is this form's), and
 * the submit handler that sends `event()` unless a call is already under way.
 */
function useAuthForm({ showErrors, onSent }: FormProps, selectBusy: (s: AuthSnapshot) => boolean, event: () => AuthEvent): AuthFormState {
  const auth = useAuthActor()
  const busy = useAuth(selectBusy)
  const authError = useAuth(selectAuthError)
  const error = showErrors ? authError : null
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    onSent()
    auth.send(event())
  }
  return { busy, errors: error?.fields ?? {}, formMessage: formMessageOf(error), submit }
}

/** The form-level message; one a field already shows (e.g. the email is taken) is not repeated above the form. */
function formMessageOf(error: AuthError | null): DisplayText | null {
  const message = error?.message
  if (!message) return null
  return typeof message === 'string' && Object.values(error.fields).includes(message) ? null : message
}

/** One field of a form: its form name, input type, label, autofill hint and value. */
interface FieldSpec {
  readonly name: string
  readonly type: TextFieldType
  readonly label: string
  readonly autoComplete: string
  readonly value: string
  readonly onChange: (value: string) => void
  /** Focus this field when it appears (the first field of a form switched to). */
  readonly autoFocus?: boolean
  /** The on-screen keyboard to offer (a numeric one for codes). */
  readonly inputMode?: 'numeric' | 'text'
}

/**
 * The card both forms sit in: logo, title, an optional notice, the form-level alert, the form
 * (TextField primitives, each with its error from the contract keyed by the field's name, all
 * disabled while busy, and the submit button showing the busy state) and the line switching forms.
 */
function AuthCard({
  copy,
  notice,
  form,
  onSwitch,
  switchHref,
  fields,
  afterFields,
  extra,
}: {
  readonly copy: FormCopy
  readonly notice: string | null
  readonly form: AuthFormState
  readonly onSwitch: () => void
  /** When given, the switch is a link to this address instead of `onSwitch` (/signin ↔ /signup). */
  readonly switchHref?: string
  readonly fields: ReadonlyArray<FieldSpec>
  /** Under the fields, above the submit button (the sign-in form's 'Forgot password?'). */
  readonly afterFields?: ReactNode
  /** More under the submit button (the second step's other way of answering). */
  readonly extra?: ReactNode
}) {
  const { t } = useTranslator()
  return (
    <main className={page.centered}>
      <div className={page.card}>
        <Link href="/" aria-label={t(m.home)} className={css.homeLink}>
          <Logo size={36} />
        </Link>
        <Heading level={1} className={page.heading}>
          {copy.title}
        </Heading>
        {notice && <p className={css.notice}>{notice}</p>}
        <FormAlert message={form.formMessage} />
        <Form className={css.form} onSubmit={form.submit} validationBehavior="aria" aria-label={copy.formLabel}>
          {fields.map((field) => (
            <TextField key={field.name} {...field} error={form.errors[field.name]} isDisabled={form.busy} />
          ))}
          {afterFields}
          <Button type="submit" isPending={form.busy}>
            {form.busy ? copy.submitBusy : copy.submit}
          </Button>
          {extra}
        </Form>
        <p className={css.switchLine}>
          {copy.switchPrompt}{' '}
          {switchHref === undefined ? (
            <Button variant="ghost" size="sm" onPress={onSwitch} isDisabled={form.busy}>
              {copy.switchLabel}
            </Button>
          ) : (
            <LinkButton variant="ghost" size="sm" href={switchHref} isDisabled={form.busy}>
              {copy.switchLabel}
            </LinkButton>
          )}
        </p>
      </div>
    </main>
  )
}

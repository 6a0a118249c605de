/**
 * The sign-in page (ours: the spec names /signin but not its form). Email and password, field
 * errors from the contract, a form error for wrong credentials, a busy state while signing in.
 * After sign-in the auth machine goes to `redirect` (already checked same-origin by the route).
 *
 * 'Create an account' switches the same page to sign-up (ours, `POST /users/signup`): full
 * name, work email, password and the first workspace's name, sent as `auth.signUp`. The new
 * workspace starts on the waitlist, so the route guard then takes the person to /app/waitlist.
 */
import { type FormEvent, type ReactNode, useState } from 'react'
import { Button, FieldError, Form, Heading, Input, Label, TextField } from 'react-aria-components'
import type { AuthError } from '../../machines/auth/auth.machine.ts'
import { type AuthSnapshot, selectAuthError, selectIsSigningIn } from '../../machines/auth/auth.selectors.ts'
import { useAuth, useAuthActor } from '../system/react.tsx'
import { Logo } from './Logo.tsx'
import * as page from './Page.css.ts'
import * as css from './SignInPage.css.ts'

export interface SignInPageProps {
  /** Same-origin /app path to land on after sign-in, or null for /app. */
  readonly redirect: string | null
  /** True when the visitor was sent here from an /app page (SPEC §2.2 main_app=true). */
  readonly fromApp?: boolean
  /** The form shown first: sign-in (default) or sign-up. */
  readonly initialMode?: SignInMode
}

/** The two forms of the page. */
export const SIGN_IN_MODES = ['signIn', 'signUp'] as const
export type SignInMode = (typeof SIGN_IN_MODES)[number]

/** The sign-up call and the verification after it (the sign-in selector covers that verification too). */
const selectIsSigningUp = (s: AuthSnapshot) => s.matches('signingUp') || selectIsSigningIn(s)

export function SignInPage({ redirect, fromApp = false, initialMode = 'signIn' }: SignInPageProps) {
  const [mode, setMode] = useState<SignInMode>(initialMode)
  // The auth error belongs to the form that was last sent: switching forms hides it until that form is sent.
  const [sentFrom, setSentFrom] = useState<SignInMode>(initialMode)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const switchTo = (next: SignInMode) => () => setMode(next)
  if (mode === 'signUp') {
    return (
      <SignUpForm
        redirect={redirect}
        showErrors={sentFrom === 'signUp'}
        onSent={() => setSentFrom('signUp')}
        email={email}
        onEmailChange={setEmail}
        password={password}
        onPasswordChange={setPassword}
        onSignIn={switchTo('signIn')}
      />
    )
  }
  return (
    <SignInForm
      redirect={redirect}
      fromApp={fromApp}
      showErrors={sentFrom === 'signIn'}
      onSent={() => setSentFrom('signIn')}
      email={email}
      onEmailChange={setEmail}
      password={password}
      onPasswordChange={setPassword}
      onCreateAccount={switchTo('signUp')}
    />
  )
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
  redirect,
  fromApp,
  showErrors,
  onSent,
  email,
  onEmailChange: setEmail,
  password,
  onPasswordChange: setPassword,
  onCreateAccount,
}: FormProps & { readonly fromApp: boolean; readonly onCreateAccount: () => void }) {
  const auth = useAuthActor()
  const busy = useAuth(selectIsSigningIn)
  const authError = useAuth(selectAuthError)
  const error = showErrors ? authError : null
  const fields = error?.fields ?? {}
  const formMessage = formMessageOf(error)

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    onSent()
    auth.send({ type: 'auth.signIn', email, password, redirect })
  }

  return (
    <AuthCard
      title="Sign in to Engage"
      notice={fromApp && !formMessage ? 'Sign in to continue to your workspace.' : null}
      formMessage={formMessage}
      switchLine={{ prompt: 'New to Engage?', label: 'Create an account', onPress: onCreateAccount, isDisabled: busy }}
    >
    <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label="Sign in">
      <InputField name="email" type="email" label="Email" autoComplete="username" value={email} onChange={setEmail} error={fields.email} isDisabled={busy} />
      <InputField
        name="password"
        type="password"
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={fields.password}
        isDisabled={busy}
      />
      <Button type="submit" className={page.button} isPending={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </Form>
    </AuthCard>
  )
}

function SignUpForm({
  redirect,
  showErrors,
  onSent,
  email,
  onEmailChange: setEmail,
  password,
  onPasswordChange: setPassword,
  onSignIn,
}: FormProps & { readonly onSignIn: () => void }) {
  const auth = useAuthActor()
  const busy = useAuth(selectIsSigningUp)
  const authError = useAuth(selectAuthError)
  const [fullName, setFullName] = useState('')
  const [orgName, setOrgName] = useState('')
  const error = showErrors ? authError : null
  const fields = error?.fields ?? {}
  const formMessage = formMessageOf(error)

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    onSent()
    auth.send({ type: 'auth.signUp', fullName, email, password, org_name: orgName, redirect })
  }

  return (
    <AuthCard
      title="Create your Engage account"
      notice="Your workspace joins the waitlist; we let you know as soon as it opens."
      formMessage={formMessage}
      switchLine={{ prompt: 'Already have an account?', label: 'Back to sign in', onPress: onSignIn, isDisabled: busy }}
    >
    <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label="Create an account">
      <InputField name="fullName" type="text" label="Full name" autoComplete="name" value={fullName} onChange={setFullName} error={fields.fullName} isDisabled={busy} autoFocus />
      <InputField name="email" type="email" label="Work email" autoComplete="email" value={email} onChange={setEmail} error={fields.email} isDisabled={busy} />
      <InputField
        name="password"
        type="password"
        label="Password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={fields.password}
        isDisabled={busy}
      />
      <InputField
        name="org_name"
        type="text"
        label="Workspace name"
        autoComplete="organization"
        value={orgName}
        onChange={setOrgName}
        error={fields.org_name}
        isDisabled={busy}
      />
      <Button type="submit" className={page.button} isPending={busy}>
        {busy ? 'Creating your account…' : 'Create account'}
      </Button>
    </Form>
    </AuthCard>
  )
}

/** The form-level message; one a field already shows (e.g. the email is taken) is not repeated above the form. */
function formMessageOf(error: AuthError | null): string | null {
  return error?.message && !Object.values(error.fields).includes(error.message) ? error.message : null
}

/** The card both forms sit in: logo, title, an optional notice, the form-level alert and the line switching forms. */
function AuthCard({
  title,
  notice,
  formMessage,
  switchLine,
  children,
}: {
  title: string
  notice: string | null
  formMessage: string | null
  switchLine: { prompt: string; label: string; onPress: () => void; isDisabled: boolean }
  children: ReactNode
}) {
  return (
    <main className={page.centered}>
      <div className={page.card}>
        <Logo size={36} />
        <Heading level={1} className={page.heading}>
          {title}
        </Heading>
        {notice && <p className={css.notice}>{notice}</p>}
        {formMessage && (
          <div role="alert" className={css.alert}>
            {formMessage}
          </div>
        )}
        {children}
        <p className={css.switchLine}>
          {switchLine.prompt}{' '}
          <Button className={css.switchButton} onPress={switchLine.onPress} isDisabled={switchLine.isDisabled}>
            {switchLine.label}
          </Button>
        </p>
      </div>
    </main>
  )
}

interface InputFieldProps {
  readonly name: string
  readonly type: 'email' | 'password' | 'text'
  readonly label: string
  readonly autoComplete: string
  readonly value: string
  readonly onChange: (value: string) => void
  /** The field's error message; the field is marked invalid when present. */
  readonly error: string | undefined
  readonly isDisabled: boolean
  /** Focus this field when it appears (the first field of a form switched to). */
  readonly autoFocus?: boolean
}

/** A labelled text input with its error message (react-aria TextField). */
function InputField({ label, error, ...props }: InputFieldProps) {
  return (
    <TextField className={css.field} {...props} isInvalid={Boolean(error)}>
      <Label className={css.label}>{label}</Label>
      <Input className={css.input} />
      <FieldError className={css.fieldError}>{error}</FieldError>
    </TextField>
  )
}

/**
 * The sign-in page (ours: the spec names /signin but not its form). Email and password, field
 * errors from the contract, a form error for wrong credentials, a busy state while signing in.
 * After sign-in the auth machine goes to `redirect` (already checked same-origin by the route).
 */
import { type FormEvent, useState } from 'react'
import { Button, FieldError, Form, Heading, Input, Label, TextField } from 'react-aria-components'
import { selectAuthError, selectIsSigningIn } from '../../machines/auth/auth.selectors.ts'
import { useAuth, useAuthActor } from '../system/react.tsx'
import { Logo } from './Logo.tsx'
import * as page from './Page.css.ts'
import * as css from './SignInPage.css.ts'

export interface SignInPageProps {
  /** Same-origin /app path to land on after sign-in, or null for /app. */
  readonly redirect: string | null
  /** True when the visitor was sent here from an /app page (SPEC §2.2 main_app=true). */
  readonly fromApp?: boolean
}

export function SignInPage({ redirect, fromApp = false }: SignInPageProps) {
  const auth = useAuthActor()
  const busy = useAuth(selectIsSigningIn)
  const error = useAuth(selectAuthError)
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const fields = error?.fields ?? {}
  const formMessage = error?.message ? error.message : null

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    if (busy) return
    auth.send({ type: 'auth.signIn', email, password, redirect })
  }

  return (
    <main className={page.centered}>
      <div className={page.card}>
        <Logo size={36} />
        <Heading level={1} className={page.heading}>
          Sign in to Engage
        </Heading>
        {fromApp && !formMessage && <p className={css.notice}>Sign in to continue to your workspace.</p>}
        {formMessage && (
          <div role="alert" className={css.alert}>
            {formMessage}
          </div>
        )}
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

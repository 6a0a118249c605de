/**
 * Profile Settings › Security › Two-factor authentication: its status; turning it on
 * (QR code or Base32 key, then the first code), the ten recovery codes shown once (copy, download
 * as .txt), new recovery codes and turning it off (each with a current code or a recovery code).
 * `TwoFactorSection` runs a `twoFactor` actor (src/system/twoFactor.ts: calls and toasts);
 * `TwoFactorView` renders any state of it (stories hand it one from a saved state).
 *
 * The QR code is the server's `data:image/svg+xml;base64,` URL (checked by the contract) in an
 * `<img>`, never inserted as HTML; every other text is rendered as text.
 */
import { useSelector } from '@xstate/react'
import Check from 'lucide-react/icons/check'
import Copy from 'lucide-react/icons/copy'
import Download from 'lucide-react/icons/download'
import ShieldCheck from 'lucide-react/icons/shield-check'
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react'
import { Form, Heading } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { selectUser } from '../../../machines/auth/auth.selectors.ts'
import { exactTime } from '../../../machines/sessions/sessions.selectors.ts'
import type { TwoFactorMachine } from '../../../machines/twoFactor/twoFactor.machine.ts'
import * as sel from '../../../machines/twoFactor/twoFactor.selectors.ts'
import { copyText, downloadText } from '../../platform/clipboard.ts'
import { useAuth } from '../../system/react.tsx'
import { useTwoFactorActor } from '../../system/twoFactor.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as settings from '../settings/settings.css.ts'
import * as css from './Security.css.ts'

export type TwoFactorActor = ActorRefFrom<TwoFactorMachine>

/** The section with its actor, for the tab's lifetime. */
export function TwoFactorSection() {
  const user = useAuth(selectUser)
  return <TwoFactorView actor={useTwoFactorActor()} email={user?.email} />
}

/** The section in whatever state `actor` is; `email` names the downloaded recovery codes. */
export function TwoFactorView({ actor, email }: { actor: TwoFactorActor; email?: string | undefined }) {
  const view = useSelector(actor, sel.selectTwoFactorView)
  const status = useSelector(actor, sel.selectStatus)
  const on = status?.enabled === true
  return (
    <section className={settings.panel} aria-labelledby="two-factor-heading">
      <div className={css.head}>
        <Heading id="two-factor-heading" level={2} className={css.headTitle}>
          Two-factor authentication
        </Heading>
        {status && view !== 'loading' && view !== 'codes' && <span className={on ? settings.badgeStrong : settings.badge}>{on ? 'On' : 'Off'}</span>}
      </div>
      {view === 'loading' && <Skeleton count={2} label="Loading two-factor settings…" />}
      {view === 'failed' && <LoadFailed actor={actor} />}
      {(view === 'off' || view === 'enrolling') && <Off actor={actor} enrolling={view === 'enrolling'} />}
      {view === 'confirming' && <Confirming actor={actor} />}
      {view === 'on' && <On actor={actor} />}
      {view === 'regenerateForm' && (
        <CodeForm
          actor={actor}
          intro="Enter a code from your authenticator app, or a recovery code. Your current recovery codes stop working once the new ones are made."
          submitLabel="Regenerate codes"
          busyLabel="Regenerating…"
        />
      )}
      {view === 'disableForm' && (
        <CodeForm
          actor={actor}
          intro="Enter a code from your authenticator app, or a recovery code, to turn off two-factor authentication. Signing in will then need only your password."
          submitLabel="Turn off"
          busyLabel="Turning off…"
          danger
        />
      )}
      {view === 'codes' && <RecoveryCodes actor={actor} email={email} />}
    </section>
  )
}

function LoadFailed({ actor }: { actor: TwoFactorActor }) {
  const message = useSelector(actor, sel.selectLoadError)
  return (
    <div className={css.formActions}>
      <FormAlert message={message} />
      <Button variant="secondary" onPress={() => actor.send({ type: 'twoFactor.retry' })}>
        Try again
      </Button>
    </div>
  )
}

function Off({ actor, enrolling }: { actor: TwoFactorActor; enrolling: boolean }) {
  return (
    <>
      <p className={css.intro}>
        Add a second step to signing in: after your password, enter a 6-digit code from an authenticator app on your phone. If you lose the phone,
        a recovery code lets you in.
      </p>
      <div className={css.formActions}>
        <Button onPress={() => actor.send({ type: 'twoFactor.enrol' })} isPending={enrolling}>
          {enrolling ? 'Starting…' : 'Turn on'}
        </Button>
      </div>
    </>
  )
}

function Confirming({ actor }: { actor: TwoFactorActor }) {
  const enrolment = useSelector(actor, sel.selectEnrolment)
  if (!enrolment) return null
  return (
    <div className={css.enrolGrid}>
      <img className={css.qr} src={enrolment.qr_data_url} alt="QR code for your authenticator app" width={176} height={176} />
      <div className={settings.stack}>
        <ol className={css.steps}>
          <li>Scan the QR code with your authenticator app (1Password, Google Authenticator, Microsoft Authenticator…).</li>
          <li>
            <span>Or enter this key by hand:</span>
            <span className={css.secretRow}>
              <code className={css.mono} aria-label="Secret key">
                {sel.groupedSecret(enrolment.secret)}
              </code>
              <CopyButton text={enrolment.secret} label="Copy key" />
            </span>
          </li>
          <li>Enter the 6-digit code the app shows, to check it works.</li>
        </ol>
        <CodeForm actor={actor} submitLabel="Confirm" busyLabel="Confirming…" totp />
      </div>
    </div>
  )
}

function On({ actor }: { actor: TwoFactorActor }) {
  const status = useSelector(actor, sel.selectStatus)
  if (!status) return null
  const left = status.recovery_codes_left
  return (
    <>
      <p className={css.statusLine}>
        <ShieldCheck size={18} aria-hidden="true" className={css.statusOn} />
        <span>
          {status.enabled_at ? (
            <>
              On since <time dateTime={status.enabled_at}>{exactTime(status.enabled_at)}</time>.
            </>
          ) : (
            'On.'
          )}{' '}
          {left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`}
        </span>
      </p>
      <p className={css.intro}>
        Signing in asks for a code from your authenticator app after your password.
        {left <= 3 ? ' Make new recovery codes before you run out.' : ''}
      </p>
      <div className={css.formActions}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'twoFactor.regenerate' })}>
          Regenerate recovery codes
        </Button>
        <Button variant="danger" onPress={() => actor.send({ type: 'twoFactor.turnOff' })}>
          Turn off
        </Button>
      </div>
    </>
  )
}

/**
 * The open form's code field with its errors and buttons. `totp` asks for the 6-digit code only
 * (confirming); otherwise a recovery code is accepted too.
 */
function CodeForm(props: { actor: TwoFactorActor; intro?: string; submitLabel: string; busyLabel: string; totp?: boolean; danger?: boolean }) {
  const { actor } = props
  const code = useSelector(actor, sel.selectCode)
  const codeError = useSelector(actor, sel.selectCodeError)
  const formError = useSelector(actor, sel.selectFormError)
  const busy = useSelector(actor, sel.selectIsSubmitting)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'twoFactor.submit' })
  }
  return (
    <Form className={settings.stack} onSubmit={submit} validationBehavior="aria" aria-label={props.submitLabel}>
      {props.intro && <p className={css.intro}>{props.intro}</p>}
      <FormAlert message={formError} />
      <div className={css.codeField}>
        <TextField
          label={props.totp ? 'Authentication code' : 'Authentication or recovery code'}
          autoComplete="one-time-code"
          value={code}
          onChange={(value) => actor.send({ type: 'twoFactor.changeCode', value })}
          error={codeError}
          description={props.totp ? '6 digits' : '6 digits, or a recovery code'}
          isRequired
          isDisabled={busy}
          autoFocus
        />
      </div>
      <div className={css.formActions}>
        <Button type="submit" variant={props.danger ? 'danger' : 'primary'} isPending={busy}>
          {busy ? props.busyLabel : props.submitLabel}
        </Button>
        <Button variant="secondary" onPress={() => actor.send({ type: 'twoFactor.cancel' })} isDisabled={busy}>
          Cancel
        </Button>
      </div>
    </Form>
  )
}

function RecoveryCodes({ actor, email }: { actor: TwoFactorActor; email?: string | undefined }) {
  const codes = useSelector(actor, sel.selectRecoveryCodes) ?? []
  const heading = useRef<HTMLHeadingElement>(null)
  // The forms that led here are gone: focus moves to what must be read now.
  useEffect(() => heading.current?.focus(), [])
  const text = sel.recoveryCodesText(codes, email)
  return (
    <div className={settings.stack}>
      <Heading level={3} className={css.headTitle} ref={heading} tabIndex={-1}>
        Save your recovery codes
      </Heading>
      <p className={css.intro}>
        Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe, like a password manager: they are not
        shown again.
      </p>
      <ul className={css.codes} aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className={css.formActions}>
        <CopyButton text={codes.join('\n')} label="Copy all" size="md" />
        <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} onPress={() => downloadText('engage-recovery-codes.txt', text)}>
          Download .txt
        </Button>
        <Button onPress={() => actor.send({ type: 'twoFactor.done' })}>I saved them</Button>
      </div>
    </div>
  )
}

/** Copies `text`; says 'Copied' (or that it could not) for two seconds. */
function CopyButton({ text, label, size = 'sm' }: { text: string; label: string; size?: 'sm' | 'md' }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
  useEffect(() => {
    if (result === null) return
    const timer = setTimeout(() => setResult(null), 2000)
    return () => clearTimeout(timer)
  }, [result])
  const copy = () => copyText(text).then(() => setResult('copied'), () => setResult('failed'))
  const shown: ReactNode = result === 'copied' ? 'Copied' : result === 'failed' ? 'Could not copy' : label
  return (
    <Button variant="secondary" size={size} icon={result === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />} onPress={copy}>
      <span aria-live="polite">{shown}</span>
    </Button>
  )
}

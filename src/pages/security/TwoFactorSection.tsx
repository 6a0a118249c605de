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
import type { TwoFactorMachine } from '../../../machines/twoFactor/twoFactor.machine.ts'
import { twoFactorMessages as m } from '../../../machines/twoFactor/twoFactor.messages.ts'
import * as sel from '../../../machines/twoFactor/twoFactor.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { copyText, downloadText } from '../../platform/clipboard.ts'
import { useAuth } from '../../system/react.tsx'
import { useTwoFactorActor } from '../../system/twoFactor.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as settings from '../settings/settings.css.ts'
import * as css from './Security.css.ts'
import { EXACT_TIME, useSlotted } from './When.tsx'

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
  const { t } = useTranslator()
  return (
    <section className={settings.panel} aria-labelledby="two-factor-heading">
      <div className={css.head}>
        <Heading id="two-factor-heading" level={2} className={css.headTitle}>
          {t(m.title)}
        </Heading>
        {status && view !== 'loading' && view !== 'codes' && <span className={on ? settings.badgeStrong : settings.badge}>{on ? t(m.badgeOn) : t(m.badgeOff)}</span>}
      </div>
      {view === 'loading' && <Skeleton count={2} label={t(m.loading)} />}
      {view === 'failed' && <LoadFailed actor={actor} />}
      {(view === 'off' || view === 'enrolling') && <Off actor={actor} enrolling={view === 'enrolling'} />}
      {view === 'confirming' && <Confirming actor={actor} />}
      {view === 'on' && <On actor={actor} />}
      {view === 'regenerateForm' && (
        <CodeForm
          actor={actor}
          intro={t(m.regenerateIntro)}
          submitLabel={t(m.regenerateCodes)}
          busyLabel={t(m.regenerating)}
        />
      )}
      {view === 'disableForm' && (
        <CodeForm
          actor={actor}
          intro={t(m.disableIntro)}
          submitLabel={t(m.turnOff)}
          busyLabel={t(m.turningOff)}
          danger
        />
      )}
      {view === 'codes' && <RecoveryCodes actor={actor} email={email} />}
    </section>
  )
}

function LoadFailed({ actor }: { actor: TwoFactorActor }) {
  const message = useSelector(actor, sel.selectLoadError)
  const { t } = useTranslator()
  return (
    <div className={css.formActions}>
      <FormAlert message={message} />
      <Button variant="secondary" onPress={() => actor.send({ type: 'twoFactor.retry' })}>
        {t(m.tryAgain)}
      </Button>
    </div>
  )
}

function Off({ actor, enrolling }: { actor: TwoFactorActor; enrolling: boolean }) {
  const { t } = useTranslator()
  return (
    <>
      <p className={css.intro}>{t(m.offIntro)}</p>
      <div className={css.formActions}>
        <Button onPress={() => actor.send({ type: 'twoFactor.enrol' })} isPending={enrolling}>
          {enrolling ? t(m.starting) : t(m.turnOn)}
        </Button>
      </div>
    </>
  )
}

function Confirming({ actor }: { actor: TwoFactorActor }) {
  const enrolment = useSelector(actor, sel.selectEnrolment)
  const { t } = useTranslator()
  if (!enrolment) return null
  return (
    <div className={css.enrolGrid}>
      <img className={css.qr} src={enrolment.qr_data_url} alt={t(m.qrAlt)} width={176} height={176} />
      <div className={settings.stack}>
        <ol className={css.steps}>
          <li>{t(m.stepScan)}</li>
          <li>
            <span>{t(m.stepKey)}</span>
            <span className={css.secretRow}>
              <code className={css.mono} aria-label={t(m.secretKey)} dir="ltr">
                {sel.groupedSecret(enrolment.secret)}
              </code>
              <CopyButton text={enrolment.secret} label={t(m.copyKey)} />
            </span>
          </li>
          <li>{t(m.stepCode)}</li>
        </ol>
        <CodeForm actor={actor} submitLabel={t(m.confirm)} busyLabel={t(m.confirming)} totp />
      </div>
    </div>
  )
}

function On({ actor }: { actor: TwoFactorActor }) {
  const status = useSelector(actor, sel.selectStatus)
  const { t, date } = useTranslator()
  const slotted = useSlotted()
  if (!status) return null
  const left = status.recovery_codes_left
  return (
    <>
      <p className={css.statusLine}>
        <ShieldCheck size={18} aria-hidden="true" className={css.statusOn} />
        <span>
          {status.enabled_at
            ? slotted(m.onSince, { date: <time dateTime={status.enabled_at}>{date(status.enabled_at, EXACT_TIME) || status.enabled_at}</time> })
            : t(m.on)}{' '}
          {t(m.codesLeft, { count: left })}
        </span>
      </p>
      <p className={css.intro}>
        {t(m.onIntro)}
        {left <= 3 ? ` ${t(m.runningOut)}` : ''}
      </p>
      <div className={css.formActions}>
        <Button variant="secondary" onPress={() => actor.send({ type: 'twoFactor.regenerate' })}>
          {t(m.regenerateRecoveryCodes)}
        </Button>
        <Button variant="danger" onPress={() => actor.send({ type: 'twoFactor.turnOff' })}>
          {t(m.turnOff)}
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
  const { t } = useTranslator()
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
          label={props.totp ? t(m.authenticationCode) : t(m.authenticationOrRecoveryCode)}
          autoComplete="one-time-code"
          value={code}
          onChange={(value) => actor.send({ type: 'twoFactor.changeCode', value })}
          error={codeError}
          description={props.totp ? t(m.sixDigits) : t(m.sixDigitsOrRecovery)}
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
          {t(m.cancel)}
        </Button>
      </div>
    </Form>
  )
}

function RecoveryCodes({ actor, email }: { actor: TwoFactorActor; email?: string | undefined }) {
  const codes = useSelector(actor, sel.selectRecoveryCodes) ?? []
  const heading = useRef<HTMLHeadingElement>(null)
  const { t } = useTranslator()
  // The forms that led here are gone: focus moves to what must be read now.
  useEffect(() => heading.current?.focus(), [])
  // The downloaded file speaks the reader's language (sel.recoveryCodesText in English).
  const text = `${email ? t(m.fileHeadFor, { email }) : t(m.fileHead)}\n\n${codes.join('\n')}\n`
  return (
    <div className={settings.stack}>
      <Heading level={3} className={css.headTitle} ref={heading} tabIndex={-1}>
        {t(m.saveCodesTitle)}
      </Heading>
      <p className={css.intro}>{t(m.saveCodesIntro)}</p>
      <ul className={css.codes} aria-label={t(m.recoveryCodes)}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className={css.formActions}>
        <CopyButton text={codes.join('\n')} label={t(m.copyAll)} size="md" />
        <Button variant="secondary" icon={<Download size={16} aria-hidden="true" />} onPress={() => downloadText('engage-recovery-codes.txt', text)}>
          {t(m.downloadTxt)}
        </Button>
        <Button onPress={() => actor.send({ type: 'twoFactor.done' })}>{t(m.savedThem)}</Button>
      </div>
    </div>
  )
}

/** Copies `text`; says 'Copied' (or that it could not) for two seconds. */
function CopyButton({ text, label, size = 'sm' }: { text: string; label: string; size?: 'sm' | 'md' }) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
  const { t } = useTranslator()
  useEffect(() => {
    if (result === null) return
    const timer = setTimeout(() => setResult(null), 2000)
    return () => clearTimeout(timer)
  }, [result])
  const copy = () => copyText(text).then(() => setResult('copied'), () => setResult('failed'))
  const shown: ReactNode = result === 'copied' ? t(m.copied) : result === 'failed' ? t(m.copyFailed) : label
  return (
    <Button variant="secondary" size={size} icon={result === 'copied' ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />} onPress={copy}>
      <span aria-live="polite">{shown}</span>
    </Button>
  )
}

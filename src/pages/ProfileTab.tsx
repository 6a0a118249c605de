/**
 * The Profile tab of /app/setting/profile-settings (SPEC §2.4; the form is ours): full name,
 * avatar (uploaded through the presigned flow of src/api/uploads.ts, or an http(s) URL), password
 * change, the language (src/pages/LanguageSection.tsx) and the theme (light, dark, system). `ProfileTab` runs a `profileSettings` actor
 * (src/system/profileSettings.ts: its calls and outcomes); `ProfileTabView` renders any state of it.
 *
 * Under the email, whether the address is confirmed, as the
 * user object says (`email_confirmed`; nothing when the field is absent): 'Confirmed', or 'Not
 * confirmed' with 'Resend confirmation email' (a confirmationResend actor, machines/emailConfirmation).
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactNode } from 'react'
import { FileTrigger, Form, Heading, Label, Radio, RadioGroup } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { User } from '../../contract/api.ts'
import { UPLOAD_CONTENT_TYPES } from '../../contract/uploads.ts'
import type { ConfirmationResendMachine } from '../../machines/emailConfirmation/confirmationResend.machine.ts'
import { confirmationResendMessages as cm } from '../../machines/emailConfirmation/confirmationResend.messages.ts'
import type { ProfileSettingsMachine } from '../../machines/profileSettings/profileSettings.machine.ts'
import { profileMessages as m } from '../../machines/profileSettings/profileSettings.messages.ts'
import * as sel from '../../machines/profileSettings/profileSettings.selectors.ts'
import { THEME_PREFERENCES, type ThemePreference } from '../platform/theme.ts'
import { useProfileSettingsActor } from '../system/profileSettings.ts'
import { useThemePreference } from '../system/theme.tsx'
import { FormAlert } from '../ui/FormAlert.tsx'
import { Button } from '../ui/primitives/Button/Button.tsx'
import { TextField } from '../ui/primitives/TextField/TextField.tsx'
import * as pages from './pages.css.ts'
import * as settings from './settings/settings.css.ts'
import * as css from './ProfileTab.css.ts'
import * as account from './account/account.css.ts'
import { useConfirmationResendActor } from '../system/confirmationResend.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { DisplayText, MessageDescriptor } from '../i18n/messages.ts'
import { languageMessages as lm } from './language.messages.ts'
import { LanguageSection } from './LanguageSection.tsx'

export type ProfileSettingsActor = ActorRefFrom<ProfileSettingsMachine>
export type ConfirmationResendActor = ActorRefFrom<ConfirmationResendMachine>

/** Whether the address is confirmed (the user object's `email_confirmed`) and the actor resending the link. */
export interface EmailConfirmationProps {
  readonly confirmed: boolean
  readonly resend: ConfirmationResendActor
}

/** Each theme preference's name. */
export const THEME_LABELS: Readonly<Record<ThemePreference, MessageDescriptor>> = { light: lm.themeLight, dark: lm.themeDark, system: lm.themeSystem }

/**
 * The tab with its actor (src/system/profileSettings.ts), for the person `user` as the server last
 * answered. `withPassword` false leaves the password form out: /app/account shows it on its
 * Security tab instead ({@link PasswordPanel}).
 */
export function ProfileTab({ user, withPassword = true }: { user: User; withPassword?: boolean }) {
  const resend = useConfirmationResendActor()
  return (
    <ProfileTabView
      actor={useProfileSettingsActor(user)}
      email={user.email}
      confirmation={user.email_confirmed === undefined ? undefined : { confirmed: user.email_confirmed, resend }}
      withPassword={withPassword}
    />
  )
}

/** The password form alone, with an actor of its own for `user`: the first section of /app/account › Security. */
export function PasswordPanel({ user }: { user: User }) {
  return <PasswordSection actor={useProfileSettingsActor(user)} />
}

/**
 * The three sections, whatever state the actor is in (stories hand it one from a saved state).
 * `confirmation` absent: the server does not say whether the address is confirmed, nothing is shown.
 * `withPassword` false: the profile, the language and the theme only.
 */
export function ProfileTabView({
  actor,
  email,
  confirmation,
  withPassword = true,
}: {
  actor: ProfileSettingsActor
  email: string
  confirmation?: EmailConfirmationProps
  withPassword?: boolean
}) {
  return (
    <div className={settings.stack}>
      <ProfileSection actor={actor} email={email} confirmation={confirmation} />
      {withPassword && <PasswordSection actor={actor} />}
      <LanguageSection />
      <ThemeSection />
    </div>
  )
}

/** A titled panel holding one form: its error, its fields, then a status line and the submit button. */
function FormSection(props: {
  id: string
  title: string
  onSubmit: () => void
  formError: DisplayText | null
  done: string | null
  busy: boolean
  submitLabel: string
  busyLabel: string
  children: ReactNode
}) {
  const headingId = `${props.id}-heading`
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    props.onSubmit()
  }
  return (
    <section className={settings.panel} aria-labelledby={headingId}>
      <Heading id={headingId} level={2} className={css.heading}>
        {props.title}
      </Heading>
      <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-labelledby={headingId}>
        <FormAlert message={props.formError} />
        {props.children}
        <div className={settings.actions}>
          <span role="status" className={settings.muted}>
            {props.done ?? ''}
          </span>
          <Button type="submit" isPending={props.busy}>
            {props.busy ? props.busyLabel : props.submitLabel}
          </Button>
        </div>
      </Form>
    </section>
  )
}

function ProfileSection({ actor, email, confirmation }: { actor: ProfileSettingsActor; email: string; confirmation: EmailConfirmationProps | undefined }) {
  const fullName = useSelector(actor, sel.selectFullName)
  const image = useSelector(actor, sel.selectImage)
  const errors = useSelector(actor, sel.selectProfileErrors)
  const formError = useSelector(actor, sel.selectProfileFormError)
  const saving = useSelector(actor, sel.selectIsSavingProfile)
  const saved = useSelector(actor, sel.selectProfileSaved)
  const uploading = useSelector(actor, sel.selectIsUploadingAvatar)
  const avatarError = useSelector(actor, sel.selectAvatarError)
  // Only an http(s) URL is ever put in an <img>; anything else is shown as an error, not loaded.
  const preview = /^https?:\/\//i.test(image) && !errors.image ? image : null
  const { t, text } = useTranslator()
  return (
    <FormSection
      id="profile"
      title={t(m.profileTitle)}
      onSubmit={() => actor.send({ type: 'profile.save' })}
      formError={formError}
      done={saved ? t(m.saved) : null}
      busy={saving}
      submitLabel={t(m.saveChanges)}
      busyLabel={t(m.saving)}
    >
      <div className={css.avatarRow}>
        {preview ? (
          <img className={css.avatar} src={preview} alt={t(m.yourPhoto)} referrerPolicy="no-referrer" />
        ) : (
          <span className={css.avatarEmpty} aria-hidden="true">
            {initials(fullName)}
          </span>
        )}
        <div className={css.avatarActions}>
          <FileTrigger
            acceptedFileTypes={[...UPLOAD_CONTENT_TYPES]}
            onSelect={(files) => {
              const file = files?.[0]
              if (file) actor.send({ type: 'avatar.picked', file })
            }}
          >
            <Button variant="secondary" isPending={uploading} isDisabled={saving}>
              {uploading ? t(m.uploading) : t(m.uploadPhoto)}
            </Button>
          </FileTrigger>
          {avatarError && (
            <p role="alert" className={css.error} dir="auto">
              {text(avatarError)}
            </p>
          )}
        </div>
      </div>
      <TextField
        label={t(m.photoUrl)}
        type="url"
        value={image}
        onChange={(value) => actor.send({ type: 'profile.changeImage', value })}
        error={errors.image}
        description={t(m.photoUrlDescription)}
        isDisabled={saving}
      />
      <TextField
        label={t(m.fullName)}
        autoComplete="name"
        value={fullName}
        onChange={(value) => actor.send({ type: 'profile.changeName', value })}
        error={errors.fullName}
        isRequired
        isDisabled={saving}
      />
      <TextField label={t(m.email)} type="email" value={email} isReadOnly description={t(m.emailDescription)} />
      {confirmation && <EmailConfirmation {...confirmation} />}
    </FormSection>
  )
}

/**
 * 'Confirmed', or 'Not confirmed' with 'Resend confirmation email' and what the last
 * attempt says (ACCOUNT_MESSAGES.confirmationSent, or the server's 409 / 429 message). A 409 means
 * the address was confirmed meanwhile (another tab or device): the badge turns 'Confirmed'.
 */
function EmailConfirmation({ confirmed, resend }: EmailConfirmationProps) {
  const state = useSelector(resend, (s) => s.value)
  const message = useSelector(resend, (s) => s.context.message)
  const sending = state === 'sending'
  const { t, text } = useTranslator()
  // The server's words (409, 429) as they are; the machine's own confirmation (ACCOUNT_MESSAGES.confirmationSent) in the reader's language.
  if (confirmed || state === 'alreadyConfirmed') {
    return (
      <div className={account.confirmation}>
        <span className={account.confirmedBadge}>{t(cm.confirmed)}</span>
        {state === 'alreadyConfirmed' && (
          <p role="status" className={account.resendMessage} dir="auto">
            {message && text(message)}
          </p>
        )}
      </div>
    )
  }
  return (
    <div className={account.confirmation}>
      <span className={account.unconfirmedBadge}>{t(cm.notConfirmed)}</span>
      <Button variant="secondary" size="sm" isPending={sending} onPress={() => resend.send({ type: 'resend' })}>
        {sending ? t(cm.sending) : t(cm.resend)}
      </Button>
      {state === 'sent' && (
        <p role="status" className={account.resendMessage}>
          {t(cm.sent)}
        </p>
      )}
      {state === 'idle' && message && (
        <p role="alert" className={account.resendError} dir={typeof message === 'string' ? 'auto' : undefined}>
          {text(message)}
        </p>
      )}
    </div>
  )
}

function PasswordSection({ actor }: { actor: ProfileSettingsActor }) {
  const current = useSelector(actor, sel.selectCurrentPassword)
  const next = useSelector(actor, sel.selectNewPassword)
  const errors = useSelector(actor, sel.selectPasswordErrors)
  const formError = useSelector(actor, sel.selectPasswordFormError)
  const changing = useSelector(actor, sel.selectIsChangingPassword)
  const changed = useSelector(actor, sel.selectPasswordChanged)
  const { t } = useTranslator()
  return (
    <FormSection
      id="password"
      title={t(m.passwordTitle)}
      onSubmit={() => actor.send({ type: 'password.submit' })}
      formError={formError}
      done={changed ? t(m.passwordChanged) : null}
      busy={changing}
      submitLabel={t(m.changePassword)}
      busyLabel={t(m.changing)}
    >
      <TextField
        label={t(m.currentPassword)}
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={(value) => actor.send({ type: 'password.changeCurrent', value })}
        error={errors.currentPassword}
        isRequired
        isDisabled={changing}
      />
      <TextField
        label={t(m.newPassword)}
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={(value) => actor.send({ type: 'password.changeNew', value })}
        error={errors.newPassword}
        description={t(m.newPasswordDescription)}
        isRequired
        isDisabled={changing}
      />
    </FormSection>
  )
}

function ThemeSection() {
  const [preference, setPreference] = useThemePreference()
  const { t } = useTranslator()
  return (
    <section className={settings.panel} id="theme-heading">
      <RadioGroup className={css.radioGroup} value={preference} onChange={(value) => setPreference(value as ThemePreference)} orientation="horizontal">
        <Label className={css.heading}>{t(lm.theme)}</Label>
        <div className={css.radios}>
          {THEME_PREFERENCES.map((p) => (
            <Radio key={p} value={p} className={css.radio}>
              {t(THEME_LABELS[p])}
            </Radio>
          ))}
        </div>
      </RadioGroup>
    </section>
  )
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?'
}

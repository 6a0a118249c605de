/**
 * Workspace Settings › Single sign-on (docs/api.md "Single sign-on"; SPEC.md §3 `is_sso_enabled`
 * is 'Require single sign-on'): the workspace's OpenID Connect connection — issuer URL, client ID,
 * client secret (write-only: 'A secret is set: leave empty to keep it'), email domains, 'Require
 * single sign-on' — with 'Test connection' (discovery), 'Save' and 'Remove single sign-on' (after
 * a confirmation). Shown to members with ORGANIZATIONS update only (the Workspace Settings page
 * leaves it out otherwise; the server refuses the rest with 403). Saving and removing may open
 * 'Confirm it's you' (the API layer's). `SingleSignOnSection` runs a `singleSignOn` actor
 * (src/system/singleSignOn.ts); `SingleSignOnView` renders any state of it (stories hand it one).
 */
import { useSelector } from '@xstate/react'
import CircleCheck from 'lucide-react/icons/circle-check'
import type { FormEvent } from 'react'
import { Form, Heading } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { SingleSignOnMachine } from '../../../machines/singleSignOn/singleSignOn.machine.ts'
import { ssoSettingsMessages as m } from '../../../machines/singleSignOn/singleSignOn.messages.ts'
import * as sel from '../../../machines/singleSignOn/singleSignOn.selectors.ts'
import { ENGLISH } from '../../i18n/catalogue.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { createTranslator } from '../../i18n/translator.ts'
import { useSingleSignOnActor } from '../../system/singleSignOn.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import { Switch } from '../../ui/primitives/Switch/Switch.tsx'
import { TextField } from '../../ui/primitives/TextField/TextField.tsx'
import * as pages from '../pages.css.ts'
import { LoadFailed } from './fields.tsx'
import * as settings from './settings.css.ts'
import * as css from './SingleSignOnSection.css.ts'

export type SingleSignOnActor = ActorRefFrom<SingleSignOnMachine>

const english = createTranslator(ENGLISH)
/** The section's English words (tests and stories find the section by them; the view speaks the reader's language). */
export const SSO_TEXT = {
  title: english.t(m.title),
  secretKept: english.t(m.secretKept),
  requireLabel: english.t(m.requireLabel),
  removeTitle: english.t(m.removeTitle),
} as const

/** Example values shown as placeholders: addresses, the same in every language. */
const ISSUER_EXAMPLE = 'https://login.example.com'
const DOMAIN_EXAMPLE = 'example.com'

/** The section with its actor, for the page's lifetime. */
export function SingleSignOnSection() {
  return <SingleSignOnView actor={useSingleSignOnActor()} />
}

/** The section in whatever state `actor` is. */
export function SingleSignOnView({ actor }: { actor: SingleSignOnActor }) {
  const status = useSelector(actor, sel.selectSsoStatus)
  const configured = useSelector(actor, sel.selectIsSsoConfigured)
  const redirectUri = useSelector(actor, sel.selectRedirectUri)
  const { t } = useTranslator()
  return (
    <section className={settings.panel} aria-labelledby="sso-heading">
      <div className={css.head}>
        <Heading level={2} id="sso-heading" className={css.title}>
          {t(m.title)}
        </Heading>
        {status === 'ready' && configured && <span className={settings.badgeStrong}>{t(m.configured)}</span>}
      </div>
      {status === 'loading' && <Skeleton shape="block" count={3} height={56} label={t(m.loading)} />}
      {status === 'failed' && <LoadError actor={actor} />}
      {status === 'ready' && (
        <>
          <p className={css.intro}>
            {t(m.intro)}{' '}
            <span className={css.uri} dir="ltr">
              {redirectUri}
            </span>
          </p>
          <SingleSignOnForm actor={actor} />
          <ConfirmRemoval actor={actor} />
        </>
      )}
    </section>
  )
}

function LoadError({ actor }: { actor: SingleSignOnActor }) {
  const message = useSelector(actor, sel.selectSsoLoadError) ?? ''
  return <LoadFailed message={message} onRetry={() => actor.send({ type: 'singleSignOn.retry' })} />
}

function SingleSignOnForm({ actor }: { actor: SingleSignOnActor }) {
  const draft = useSelector(actor, sel.selectSsoDraft)
  const formError = useSelector(actor, sel.selectSsoFormError)
  const hasSecret = useSelector(actor, sel.selectHasClientSecret)
  const busy = useSelector(actor, sel.selectIsSsoBusy)
  const issuerError = useSelector(actor, sel.selectSsoFieldError('issuer'))
  const clientIdError = useSelector(actor, sel.selectSsoFieldError('client_id'))
  const secretError = useSelector(actor, sel.selectSsoFieldError('client_secret'))
  const domainsError = useSelector(actor, sel.selectSsoFieldError('domains'))
  const requireError = useSelector(actor, sel.selectSsoFieldError('require_sso'))
  const { t } = useTranslator()
  const change = (field: 'issuer' | 'clientId' | 'clientSecret' | 'domains') => (value: string) => actor.send({ type: 'singleSignOn.change', field, value })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'singleSignOn.save' })
  }
  return (
    <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={t(m.title)}>
      <FormAlert message={formError} />
      <TextField
        label={t(m.issuer)}
        type="url"
        autoComplete="off"
        placeholder={ISSUER_EXAMPLE}
        value={draft.issuer}
        onChange={change('issuer')}
        error={issuerError}
        isRequired
        isDisabled={busy}
      />
      <TestConnection actor={actor} />
      <TextField label={t(m.clientId)} autoComplete="off" value={draft.clientId} onChange={change('clientId')} error={clientIdError} isRequired isDisabled={busy} />
      <TextField
        label={t(m.clientSecret)}
        type="password"
        autoComplete="new-password"
        placeholder={hasSecret ? t(m.secretKept) : undefined}
        value={draft.clientSecret}
        onChange={change('clientSecret')}
        error={secretError}
        isRequired={!hasSecret}
        isDisabled={busy}
      />
      <TextField
        label={t(m.domains)}
        multiline
        rows={3}
        placeholder={DOMAIN_EXAMPLE}
        value={draft.domains}
        onChange={change('domains')}
        error={domainsError}
        description={t(m.domainsHelp)}
        isRequired
        isDisabled={busy}
      />
      <div>
        <Switch
          label={t(m.requireLabel)}
          description={t(m.requireHelp)}
          isSelected={draft.requireSso}
          isDisabled={busy}
          onChange={(value) => actor.send({ type: 'singleSignOn.setRequireSso', value })}
        />
        {requireError && <p className={css.switchError}>{requireError}</p>}
      </div>
      <Actions actor={actor} />
    </Form>
  )
}

/** 'Test connection' and, beside it, what the provider said or why it failed (a polite live region). */
function TestConnection({ actor }: { actor: SingleSignOnActor }) {
  const testing = useSelector(actor, sel.selectIsSsoTesting)
  const busy = useSelector(actor, sel.selectIsSsoBusy)
  const test = useSelector(actor, sel.selectSsoTest)
  const { t, text } = useTranslator()
  const kind = testing || test === null ? 'none' : test.outcome === 'connected' ? 'done' : 'failed'
  return (
    <div className={css.testRow}>
      <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'singleSignOn.test' })} isPending={testing} isDisabled={busy && !testing}>
        {t(m.test)}
      </Button>
      <p aria-live="polite" className={css.line[kind]} dir="auto">
        {kind === 'done' && <CircleCheck size={16} aria-hidden="true" className={css.doneIcon} />}
        {testing ? t(m.testing) : test === null ? '' : test.outcome === 'connected' ? t(m.connected, { issuer: test.issuer }) : text(test.message)}
      </p>
    </div>
  )
}

function Actions({ actor }: { actor: SingleSignOnActor }) {
  const configured = useSelector(actor, sel.selectIsSsoConfigured)
  const canSave = useSelector(actor, sel.selectCanSaveSso)
  const saving = useSelector(actor, sel.selectIsSsoSaving)
  const saved = useSelector(actor, sel.selectIsSsoSaved)
  const removing = useSelector(actor, sel.selectIsSsoRemoving)
  const busy = useSelector(actor, sel.selectIsSsoBusy)
  const { t } = useTranslator()
  return (
    <div className={css.actions}>
      {configured && (
        <Button variant="secondary" onPress={() => actor.send({ type: 'singleSignOn.remove' })} isPending={removing} isDisabled={busy && !removing}>
          {t(m.remove)}
        </Button>
      )}
      <div className={css.saveGroup}>
        <p aria-live="polite" className={css.line[saved ? 'done' : 'none']}>
          {saved && <CircleCheck size={16} aria-hidden="true" className={css.doneIcon} />}
          {saving ? t(m.saving) : saved ? t(m.saved) : ''}
        </p>
        <Button type="submit" isPending={saving} isDisabled={!canSave && !saving}>
          {t(m.save)}
        </Button>
      </div>
    </div>
  )
}

function ConfirmRemoval({ actor }: { actor: SingleSignOnActor }) {
  const open = useSelector(actor, sel.selectIsConfirmingSsoRemoval)
  const cancel = () => actor.send({ type: 'singleSignOn.cancel' })
  const { t } = useTranslator()
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.removeTitle)}
      description={t(m.removeBody)}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} autoFocus>
            {t(m.cancel)}
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'singleSignOn.confirmRemove' })}>
            {t(m.removeConfirm)}
          </Button>
        </>
      }
    />
  )
}

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
import * as sel from '../../../machines/singleSignOn/singleSignOn.selectors.ts'
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

/** The section's words (ours; the brief's where it names them). */
export const SSO_TEXT = {
  title: 'Single sign-on',
  intro: 'Let people sign in through your identity provider (OpenID Connect). Register this redirect URI with it:',
  configured: 'Set up',
  secretKept: 'A secret is set: leave empty to keep it',
  domainsHelp: 'People with an email at these domains sign in through your identity provider. Separate them with commas or new lines.',
  requireLabel: 'Require single sign-on',
  requireHelp: 'Members who sign in with a password are signed out; they sign in through your identity provider.',
  removeTitle: 'Remove single sign-on?',
  removeBody:
    "People can no longer sign in through your identity provider, and single sign-on is no longer required. Anyone without a password sets one with 'Forgot password?' on the sign-in page.",
} as const

/** The section with its actor, for the page's lifetime. */
export function SingleSignOnSection() {
  return <SingleSignOnView actor={useSingleSignOnActor()} />
}

/** The section in whatever state `actor` is. */
export function SingleSignOnView({ actor }: { actor: SingleSignOnActor }) {
  const status = useSelector(actor, sel.selectSsoStatus)
  const configured = useSelector(actor, sel.selectIsSsoConfigured)
  const redirectUri = useSelector(actor, sel.selectRedirectUri)
  return (
    <section className={settings.panel} aria-labelledby="sso-heading">
      <div className={css.head}>
        <Heading level={2} id="sso-heading" className={css.title}>
          {SSO_TEXT.title}
        </Heading>
        {status === 'ready' && configured && <span className={settings.badgeStrong}>{SSO_TEXT.configured}</span>}
      </div>
      {status === 'loading' && <Skeleton shape="block" count={3} height={56} label="Loading single sign-on…" />}
      {status === 'failed' && <LoadError actor={actor} />}
      {status === 'ready' && (
        <>
          <p className={css.intro}>
            {SSO_TEXT.intro} <span className={css.uri}>{redirectUri}</span>
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
  const change = (field: 'issuer' | 'clientId' | 'clientSecret' | 'domains') => (value: string) => actor.send({ type: 'singleSignOn.change', field, value })
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'singleSignOn.save' })
  }
  return (
    <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={SSO_TEXT.title}>
      <FormAlert message={formError} />
      <TextField
        label="Issuer URL"
        type="url"
        autoComplete="off"
        placeholder="https://login.example.com"
        value={draft.issuer}
        onChange={change('issuer')}
        error={issuerError}
        isRequired
        isDisabled={busy}
      />
      <TestConnection actor={actor} />
      <TextField label="Client ID" autoComplete="off" value={draft.clientId} onChange={change('clientId')} error={clientIdError} isRequired isDisabled={busy} />
      <TextField
        label="Client secret"
        type="password"
        autoComplete="new-password"
        placeholder={hasSecret ? SSO_TEXT.secretKept : undefined}
        value={draft.clientSecret}
        onChange={change('clientSecret')}
        error={secretError}
        isRequired={!hasSecret}
        isDisabled={busy}
      />
      <TextField
        label="Email domains"
        multiline
        rows={3}
        placeholder="example.com"
        value={draft.domains}
        onChange={change('domains')}
        error={domainsError}
        description={SSO_TEXT.domainsHelp}
        isRequired
        isDisabled={busy}
      />
      <div>
        <Switch
          label={SSO_TEXT.requireLabel}
          description={SSO_TEXT.requireHelp}
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
  const kind = testing || test === null ? 'none' : test.outcome === 'connected' ? 'done' : 'failed'
  return (
    <div className={css.testRow}>
      <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'singleSignOn.test' })} isPending={testing} isDisabled={busy && !testing}>
        Test connection
      </Button>
      <p aria-live="polite" className={css.line[kind]}>
        {kind === 'done' && <CircleCheck size={16} aria-hidden="true" className={css.doneIcon} />}
        {testing ? 'Testing…' : test === null ? '' : test.outcome === 'connected' ? `Connected to ${test.issuer}` : test.message}
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
  return (
    <div className={css.actions}>
      {configured && (
        <Button variant="secondary" onPress={() => actor.send({ type: 'singleSignOn.remove' })} isPending={removing} isDisabled={busy && !removing}>
          Remove single sign-on
        </Button>
      )}
      <div className={css.saveGroup}>
        <p aria-live="polite" className={css.line[saved ? 'done' : 'none']}>
          {saved && <CircleCheck size={16} aria-hidden="true" className={css.doneIcon} />}
          {saving ? 'Saving…' : saved ? 'Saved' : ''}
        </p>
        <Button type="submit" isPending={saving} isDisabled={!canSave && !saving}>
          Save
        </Button>
      </div>
    </div>
  )
}

function ConfirmRemoval({ actor }: { actor: SingleSignOnActor }) {
  const open = useSelector(actor, sel.selectIsConfirmingSsoRemoval)
  const cancel = () => actor.send({ type: 'singleSignOn.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={SSO_TEXT.removeTitle}
      description={SSO_TEXT.removeBody}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'singleSignOn.confirmRemove' })}>
            Remove
          </Button>
        </>
      }
    />
  )
}

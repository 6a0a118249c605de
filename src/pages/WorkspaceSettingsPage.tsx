/**
 * /app/setting/workspace-settings, Workspace Settings (SPEC §2.4 Account & Billing, ORGANIZATIONS):
 * rename the current workspace, require two-factor authentication of every member, and choose the
 * language people new to Engage that it adds start in.
 * The page runs a `workspaceSettings` actor (src/system/workspaceSettings.ts: the calls, the toast,
 * the re-verification and the workspace-list refetch). Both settings need ORGANIZATIONS update
 * (a gated button; a disabled switch with the denial as its description). Single sign-on
 * (src/pages/settings/SingleSignOnSection.tsx) shows only to members with ORGANIZATIONS update.
 */
import { useSelector } from '@xstate/react'
import type { FormEvent, ReactNode } from 'react'
import { Form, Heading } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { Language } from '../../contract/api.ts'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import type { WorkspaceSettingsMachine } from '../../machines/workspaceSettings/workspaceSettings.machine.ts'
import {
  selectFormError,
  selectIsSaving,
  selectIsSavingRequirement,
  selectName,
  selectNameError,
  selectRequireTwoFactor,
  selectRequirementError,
  selectDefaultLanguage,
  selectIsSavingLanguage,
  selectLanguageError,
} from '../../machines/workspaceSettings/workspaceSettings.selectors.ts'
import { ENDONYMS, LOCALES } from '../i18n/locales.ts'
import { Select } from '../ui/primitives/Select/Select.tsx'
import { workspaceSettingsMessages as m } from '../../machines/workspaceSettings/workspaceSettings.messages.ts'
import { can } from '../../contract/permissions.ts'
import { useTranslator } from '../i18n/react.tsx'
import { navMessages } from '../navigation/nav.messages.ts'
import { useAuth, usePermissions } from '../system/react.tsx'
import { useWorkspaceSettingsActor } from '../system/workspaceSettings.ts'
import { FormAlert } from '../ui/FormAlert.tsx'
import { GatedButton, denialMessage } from '../ui/GatedButton.tsx'
import { type Crumb, PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { Switch } from '../ui/primitives/Switch/Switch.tsx'
import { TextField } from '../ui/primitives/TextField/TextField.tsx'
import * as pages from './pages.css.ts'
import { localCrumbs } from './settings/crumbs.ts'
import * as settings from './settings/settings.css.ts'
import { SingleSignOnSection } from './settings/SingleSignOnSection.tsx'
import * as css from './WorkspaceSettingsPage.css.ts'

export type WorkspaceSettingsActor = ActorRefFrom<WorkspaceSettingsMachine>

export const WORKSPACE_SETTINGS_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }]

export function WorkspaceSettingsPage() {
  const org = useAuth(selectCurrentOrg)
  // A switch to another workspace starts the form over with that workspace's name.
  return (
    <WorkspaceSettingsForm
      key={org?.org_id ?? ''}
      name={org?.org_name ?? ''}
      requireTwoFactor={org?.require_two_factor ?? false}
      defaultLanguage={org?.default_language ?? null}
    />
  )
}

function WorkspaceSettingsForm({ name, requireTwoFactor, defaultLanguage }: { name: string; requireTwoFactor: boolean; defaultLanguage: Language | null }) {
  // Single sign-on: only for members who may change it (ORGANIZATIONS update); others never see it.
  const ssoAllowed = can(usePermissions(), 'ORGANIZATIONS', 'UPDATE')
  return (
    <WorkspaceSettingsView actor={useWorkspaceSettingsActor(name, requireTwoFactor, defaultLanguage)}>{ssoAllowed && <SingleSignOnSection />}</WorkspaceSettingsView>
  )
}

/**
 * The form, whatever state its actor is in (stories hand it an actor from a saved state);
 * `children` are further sections, after the others (the page's Single sign-on).
 */
export function WorkspaceSettingsView({ actor, children }: { actor: WorkspaceSettingsActor; children?: ReactNode }) {
  const name = useSelector(actor, selectName)
  const nameError = useSelector(actor, selectNameError)
  const formError = useSelector(actor, selectFormError)
  const saving = useSelector(actor, selectIsSaving)
  const translator = useTranslator()
  const { t } = translator
  const title = t(navMessages.workspaceSettings)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'workspaceSettings.submit' })
  }
  return (
    <div className={settings.stack}>
      <PageHeader title={title} crumbs={localCrumbs(translator, WORKSPACE_SETTINGS_CRUMBS)} />
      <div className={settings.panel}>
        <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label={title}>
          <FormAlert message={formError} />
          <TextField
            label={t(m.name)}
            autoComplete="organization"
            value={name}
            onChange={(value) => actor.send({ type: 'workspaceSettings.changeName', value })}
            error={nameError}
            description={t(m.nameHelp)}
            isRequired
            isDisabled={saving}
          />
          <div className={settings.actions}>
            <GatedButton type="submit" resource="ORGANIZATIONS" action="UPDATE" isPending={saving}>
              {saving ? t(m.saving) : t(m.save)}
            </GatedButton>
          </div>
        </Form>
      </div>
      <TwoFactorRequirement actor={actor} />
      <DefaultLanguage actor={actor} />
      {children}
    </div>
  )
}

/**
 * The workspace-wide two-factor requirement. The switch shows the value being saved
 * (disabled meanwhile); the line under it, a polite live region, says 'Saving…' and then the
 * server's refusal, if any. A saved change is toasted (src/system/workspaceSettings.ts).
 */
function TwoFactorRequirement({ actor }: { actor: WorkspaceSettingsActor }) {
  const required = useSelector(actor, selectRequireTwoFactor)
  const saving = useSelector(actor, selectIsSavingRequirement)
  const error = useSelector(actor, selectRequirementError)
  const allowed = can(usePermissions(), 'ORGANIZATIONS', 'UPDATE')
  const translator = useTranslator()
  const { t } = translator
  const help = t(m.requirementHelp)
  return (
    <section className={settings.panel} aria-labelledby="workspace-two-factor">
      <Heading level={2} id="workspace-two-factor" className={css.sectionTitle}>
        {t(m.security)}
      </Heading>
      <div className={css.setting}>
        <Switch
          label={t(m.requirementLabel)}
          description={allowed ? help : t(m.requirementHelpDenied, { help, denial: denialMessage(translator, 'ORGANIZATIONS', 'UPDATE') })}
          isSelected={required}
          isDisabled={!allowed || saving}
          onChange={(value) => actor.send({ type: 'workspaceSettings.setRequirement', required: value })}
        />
        <p role="status" className={css.outcome[error ? 'failed' : 'none']} dir="auto">
          {error ? translator.text(error) : saving ? t(m.saving) : ''}
        </p>
      </div>
    </section>
  )
}

/** The field's item for "no default": each person's browser decides. */
const BROWSER = 'browser'

/**
 * The language people new to Engage that this workspace adds start in (their own choice wins
 * afterwards). The field shows the value being saved (disabled meanwhile); the line under it says
 * 'Saving…' and then why a save failed, if it did. A saved change is toasted.
 */
function DefaultLanguage({ actor }: { actor: WorkspaceSettingsActor }) {
  const language = useSelector(actor, selectDefaultLanguage)
  const saving = useSelector(actor, selectIsSavingLanguage)
  const error = useSelector(actor, selectLanguageError)
  const allowed = can(usePermissions(), 'ORGANIZATIONS', 'UPDATE')
  const translator = useTranslator()
  const { t } = translator
  const help = t(m.languageHelp)
  const items = [{ id: BROWSER, label: t(m.languageBrowser) }, ...LOCALES.map((locale) => ({ id: locale, label: ENDONYMS[locale], lang: locale }))]
  return (
    <section className={settings.panel} aria-labelledby="workspace-language">
      <Heading level={2} id="workspace-language" className={css.sectionTitle}>
        {t(m.languageHeading)}
      </Heading>
      <div className={css.setting}>
        <Select
          label={t(m.languageLabel)}
          items={items}
          selectedKey={language ?? BROWSER}
          onSelectionChange={(id) => id && actor.send({ type: 'workspaceSettings.setDefaultLanguage', language: id === BROWSER ? null : (id as Language) })}
          description={allowed ? help : t(m.requirementHelpDenied, { help, denial: denialMessage(translator, 'ORGANIZATIONS', 'UPDATE') })}
          isDisabled={!allowed || saving}
        />
        <p role="status" className={css.outcome[error ? 'failed' : 'none']} dir="auto">
          {error ? translator.text(error) : saving ? t(m.saving) : ''}
        </p>
      </div>
    </section>
  )
}

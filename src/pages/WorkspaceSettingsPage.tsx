/**
 * /app/setting/workspace-settings, Workspace Settings (SPEC §2.4 Account & Billing, ORGANIZATIONS):
 * rename the current workspace. The page runs a `workspaceSettings` actor (src/system/workspaceSettings.ts:
 * the call, the toast, the re-verification and the workspace-list refetch).
 * Saving needs ORGANIZATIONS update (a gated button).
 */
import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { Form } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import type { WorkspaceSettingsMachine } from '../../machines/workspaceSettings/workspaceSettings.machine.ts'
import { selectFormError, selectIsSaving, selectName, selectNameError } from '../../machines/workspaceSettings/workspaceSettings.selectors.ts'
import { useAuth } from '../system/react.tsx'
import { useWorkspaceSettingsActor } from '../system/workspaceSettings.ts'
import { FormAlert } from '../ui/FormAlert.tsx'
import { GatedButton } from '../ui/GatedButton.tsx'
import { type Crumb, PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { TextField } from '../ui/primitives/TextField/TextField.tsx'
import * as pages from './pages.css.ts'
import * as settings from './settings/settings.css.ts'

export type WorkspaceSettingsActor = ActorRefFrom<WorkspaceSettingsMachine>

export const WORKSPACE_SETTINGS_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }]

export function WorkspaceSettingsPage() {
  const org = useAuth(selectCurrentOrg)
  // A switch to another workspace starts the form over with that workspace's name.
  return <WorkspaceSettingsForm key={org?.org_id ?? ''} name={org?.org_name ?? ''} />
}

function WorkspaceSettingsForm({ name }: { name: string }) {
  return <WorkspaceSettingsView actor={useWorkspaceSettingsActor(name)} />
}

/** The form, whatever state its actor is in (stories hand it an actor from a saved state). */
export function WorkspaceSettingsView({ actor }: { actor: WorkspaceSettingsActor }) {
  const name = useSelector(actor, selectName)
  const nameError = useSelector(actor, selectNameError)
  const formError = useSelector(actor, selectFormError)
  const saving = useSelector(actor, selectIsSaving)
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'workspaceSettings.submit' })
  }
  return (
    <div className={settings.stack}>
      <PageHeader title="Workspace Settings" crumbs={WORKSPACE_SETTINGS_CRUMBS} />
      <div className={settings.panel}>
        <Form className={pages.form} onSubmit={submit} validationBehavior="aria" aria-label="Workspace Settings">
          <FormAlert message={formError} />
          <TextField
            label="Workspace name"
            autoComplete="organization"
            value={name}
            onChange={(value) => actor.send({ type: 'workspaceSettings.changeName', value })}
            error={nameError}
            description="How this workspace appears in the workspace switcher, for everyone in it."
            isRequired
            isDisabled={saving}
          />
          <div className={settings.actions}>
            <GatedButton type="submit" resource="ORGANIZATIONS" action="UPDATE" isPending={saving}>
              {saving ? 'Saving…' : 'Save changes'}
            </GatedButton>
          </div>
        </Form>
      </div>
    </div>
  )
}

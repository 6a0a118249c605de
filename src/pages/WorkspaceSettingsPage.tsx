/**
 * /app/setting/workspace-settings, Workspace Settings (SPEC §2.4 Account & Billing, ORGANIZATIONS):
 * rename the current workspace. The page runs a `workspaceSettings` actor over the API and turns
 * what it emits into a toast, a re-verification of the session (`auth.verify`, not
 * user-initiated: the header's name comes from verify-token) and a refetch of the workspace list.
 * Saving needs ORGANIZATIONS update (a gated button).
 */
import { useActorRef, useSelector } from '@xstate/react'
import { type FormEvent, useEffect } from 'react'
import { Form } from 'react-aria-components'
import { type ActorRefFrom, fromPromise } from 'xstate'
import { selectCurrentOrg } from '../../machines/auth/auth.selectors.ts'
import { WORKSPACE_RENAMED_MESSAGE, type WorkspaceSettingsMachine, workspaceSettingsMachine } from '../../machines/workspaceSettings/workspaceSettings.machine.ts'
import {
  selectFormError,
  selectIsSaving,
  selectName,
  selectNameError,
} from '../../machines/workspaceSettings/workspaceSettings.selectors.ts'
import { useApi } from '../system/api.tsx'
import { useAuth, useAuthActor, useOptionalWorkspacesActor } from '../system/react.tsx'
import { useToasts } from '../system/toasts.tsx'
import { GatedButton } from '../ui/GatedButton.tsx'
import type { Crumb } from '../ui/PageHeader.tsx'
import { PageHeader } from '../ui/PageHeader.tsx'
import { FormError, FormTextField } from './settings/fields.tsx'
import * as settings from './settings/settings.css.ts'
import * as css from './WorkspaceSettingsPage.css.ts'

export type WorkspaceSettingsActor = ActorRefFrom<WorkspaceSettingsMachine>

export const WORKSPACE_SETTINGS_CRUMBS: ReadonlyArray<Crumb> = [{ label: 'Account & Billing' }]

export function WorkspaceSettingsPage() {
  const org = useAuth(selectCurrentOrg)
  // A switch to another workspace starts the form over with that workspace's name.
  return <WorkspaceSettingsForm key={org?.org_id ?? ''} name={org?.org_name ?? ''} />
}

function WorkspaceSettingsForm({ name }: { name: string }) {
  const api = useApi()
  const toasts = useToasts()
  const auth = useAuthActor()
  const workspaces = useOptionalWorkspacesActor()
  const actor = useActorRef(
    workspaceSettingsMachine.provide({ actors: { renameWorkspace: fromPromise(({ input }) => api.renameWorkspace(input.org_name)) } }),
    { input: { name } },
  )

  useEffect(() => {
    const subscriptions = [
      actor.on('workspaceSettings.renamed', () => {
        toasts.show('success', WORKSPACE_RENAMED_MESSAGE)
        auth.send({ type: 'auth.verify', userInitiated: false })
        workspaces?.send({ type: 'workspaces.invalidate' })
      }),
      actor.on('workspaceSettings.failed', (e) => toasts.show('error', e.message)),
    ]
    return () => subscriptions.forEach((s) => s.unsubscribe())
  }, [actor, toasts, auth, workspaces])

  return <WorkspaceSettingsView actor={actor} />
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
        <Form className={css.form} onSubmit={submit} validationBehavior="aria" aria-label="Workspace Settings">
          <FormError message={formError} />
          <FormTextField
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

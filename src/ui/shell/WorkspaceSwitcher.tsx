/**
 * The header's workspace switcher (SPEC §2.6, §4, §5, §8): a button named 'Workspace' plus the
 * current workspace's name it shows ('Workspace Acme Support'), opening a dialog with a search box, the list of the user's workspaces
 * (the current one checked), the person's pending invitations to other workspaces with 'Accept' and
 * 'Decline' (from the shell's `invitations` actor) and a create-workspace action with a busy state.
 *
 * Everything it shows comes from the `workspaces` actor through selectors; it only sends events:
 * opening, closing, typing, picking and creating. The machine decides what a pick does (switch,
 * or only close for the current workspace), when the list is (re)loaded and what the list area
 * says (SPEC §8 texts). Outside a `WorkspacesActorProvider` (stories of other features) it shows
 * the name alone.
 */
import { useSelector } from '@xstate/react'
import Building2 from 'lucide-react/icons/building-2'
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down'
import { Suspense, useId } from 'react'
import { selectCurrentOrg } from '../../../machines/auth/auth.selectors.ts'
import { selectIsOpen } from '../../../machines/workspaces/workspaces.selectors.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import type { InvitationsActor } from '../../system/invitations.tsx'
import { useOptionalInvitationsActor } from '../../system/invitations-host.tsx'
import { type WorkspacesActor, useAuth, useOptionalWorkspacesActor } from '../../system/react.tsx'
import { Button, buttonStyle } from '../primitives/Button/Button.tsx'
import { PopoverDialog } from '../primitives/Popover/PopoverDialog.tsx'
import { useTranslator } from '../../i18n/react.tsx'
import * as css from './WorkspaceSwitcher.css.ts'
import { workspacesMessages as m } from './workspaces.messages.ts'

/**
 * The dialog's content loads when first wanted, not with the shell, like the
 * notifications panel: hovering or focusing the switcher starts the download.
 */
const { preload: loadPanel, Component: WorkspaceSwitcherPanel } = lazyOnDemand(
  () => import('./WorkspaceSwitcherPanel.tsx'),
  (m) => m.WorkspaceSwitcherPanel,
)

/** The switcher's button: a small secondary Button (the name alone, without an actor, looks the same). */
const TRIGGER_LOOK = { variant: 'secondary', size: 'sm' } as const

export function WorkspaceSwitcher() {
  const actor = useOptionalWorkspacesActor()
  const org = useAuth(selectCurrentOrg)
  const { t } = useTranslator()
  if (!actor) {
    return (
      <div role="group" aria-label={t(m.workspace)} className={`${buttonStyle(TRIGGER_LOOK)} ${css.staticName}`}>
        <Building2 size={16} aria-hidden="true" className={css.triggerIcon} />
        <span className={css.triggerName} dir="auto">
          {org?.org_name}
        </span>
      </div>
    )
  }
  return <Switcher actor={actor} orgName={org?.org_name ?? ''} />
}

function Switcher({ actor, orgName }: { actor: WorkspacesActor; orgName: string }) {
  const invitations = useOptionalInvitationsActor()
  const isOpen = useSelector(actor, selectIsOpen)
  const nameId = useId()
  const labelId = useId()
  const { t } = useTranslator()
  return (
    <>
      {/* Named 'Workspace' (what it is) followed by the name it shows: a spoken name must contain the
          visible text (WCAG 2.5.3, label in name), so voice users can say what they see. The label
          sits outside the button so the button's text stays just the workspace's name. */}
      <span id={labelId} hidden>
        {t(m.workspace)}
      </span>
      <PopoverDialog
        isOpen={isOpen}
        onOpenChange={(open) => {
          actor.send({ type: open ? 'workspaces.open' : 'workspaces.close' })
          // An invitation may have arrived since the shell loaded them.
          if (open) invitations?.send({ type: 'invitations.refresh' })
        }}
        placement="bottom start"
        className={css.popover}
        aria-label={t(m.switchWorkspace)}
        dialogClassName={css.dialog}
        trigger={
          <Button
            {...TRIGGER_LOOK}
            className={css.trigger}
            icon={<Building2 size={16} className={css.triggerIcon} />}
            aria-labelledby={`${labelId} ${nameId}`}
            onHoverStart={() => void loadPanel()}
            onFocus={() => void loadPanel()}
          >
            <span id={nameId} className={css.triggerName} dir="auto">
              {orgName}
            </span>
            <ChevronsUpDown size={14} aria-hidden="true" className={css.triggerIcon} />
          </Button>
        }
      >
        <Suspense
          fallback={
            <span role="status" className={css.listMessage} data-status="loading">
              {t(m.loading)}
            </span>
          }
        >
          <WorkspaceSwitcherPanel actor={actor} invitations={invitations} />
        </Suspense>
      </PopoverDialog>
    </>
  )
}

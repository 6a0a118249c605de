/**
 * /app/workspace-selection (SPEC §2.3 bare layout, §2.5): a full-page list of the user's
 * workspaces to pick the one to work in. Picking one (the current one too) switches to it and
 * goes to /app (SPEC §4 Switching org); the `workspaces` actor decides, the page only sends.
 * The list and its SPEC §8 states are the switcher's: the page asks for it on arrival
 * (`workspaces.load`, which honours the 5-minute freshness). Below it, the person's pending
 * invitations to other workspaces, to accept or decline.
 */
import { useSelector } from '@xstate/react'
import Building2 from 'lucide-react/icons/building-2'
import { useEffect } from 'react'
import { ListBox, ListBoxItem } from 'react-aria-components'
import { listStatusMessage, selectCurrentOrgId, selectFilteredWorkspaces, selectListStatus } from '../../machines/workspaces/workspaces.selectors.ts'
import { useTranslator } from '../i18n/react.tsx'
import { type InvitationsActor, useInvitationsActor } from '../system/invitations.tsx'
import { type WorkspacesActor, useWorkspacesActor } from '../system/react.tsx'
import { PendingInvitations } from '../ui/invitations/PendingInvitations.tsx'
import * as page from '../ui/Page.css.ts'
import { workspacePickProps } from '../ui/shell/workspace-pick.ts'
import * as css from './WorkspaceSelectionPage.css.ts'
import { workspaceSelectionMessages as m } from './status.messages.ts'
import { StatusPage } from './StatusPage.tsx'

export function WorkspaceSelectionPage() {
  const actor = useWorkspacesActor()
  useEffect(() => {
    actor.send({ type: 'workspaces.load' })
  }, [actor])
  return <WorkspaceSelectionView actor={actor} invitations={useInvitationsActor()} />
}

/**
 * The page for any state of the actor (stories hand it one from a saved state). The
 * person's pending invitations follow the list (the invitation's notification leads here).
 */
export function WorkspaceSelectionView({ actor, invitations }: { actor: WorkspacesActor; invitations?: InvitationsActor }) {
  const items = useSelector(actor, selectFilteredWorkspaces)
  const status = useSelector(actor, selectListStatus)
  const currentOrgId = useSelector(actor, selectCurrentOrgId)
  const { t } = useTranslator()
  return (
    <StatusPage title={t(m.title)} busy={status === 'loading'}>
      <p className={page.text}>{t(m.intro)}</p>
      <ListBox
        aria-label={t(m.listLabel)}
        items={items}
        {...workspacePickProps(actor, currentOrgId)}
        renderEmptyState={() => (
          <span className={css.message} data-status={status}>
            {listStatusMessage(status)}
          </span>
        )}
        className={css.list}
      >
        {(w) => (
          <ListBoxItem id={w.org_id} textValue={w.org_name} className={css.item}>
            {({ isSelected }) => (
              <>
                <Building2 size={18} aria-hidden="true" className={css.icon} />
                <span className={css.name} dir="auto">
                  {w.org_name}
                </span>
                {isSelected && <span className={css.current}>{t(m.current)}</span>}
              </>
            )}
          </ListBoxItem>
        )}
      </ListBox>
      {invitations && <PendingInvitations actor={invitations} headingLevel={2} />}
    </StatusPage>
  )
}

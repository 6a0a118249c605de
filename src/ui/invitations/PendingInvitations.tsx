/**
 * The signed-in person's pending invitations to other workspaces: each as "Globex —
 * invited by Ada Admin" with 'Accept' and 'Decline'. Used by the workspace switcher and the
 * workspace selection page; it reads an `invitations` actor through selectors and sends events
 * only. Renders nothing while there are none. Its heading is an h3 under the switcher's own
 * headings; a page passes `headingLevel={2}` to keep the outline in order under its h1.
 */
import { useSelector } from '@xstate/react'
import MailOpen from 'lucide-react/icons/mail-open'
import { useId } from 'react'
import { VisuallyHidden } from 'react-aria-components'
import type { PendingInvitation } from '../../../contract/workspaces.ts'
import { invitationsMessages as m } from '../../../machines/invitations/invitations.messages.ts'
import { selectAnsweringId, selectInvitations } from '../../../machines/invitations/invitations.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import type { InvitationsActor } from '../../system/invitations.tsx'
import { Button } from '../primitives/Button/Button.tsx'
import * as css from './PendingInvitations.css.ts'

export function PendingInvitations({ actor, compact = false, headingLevel = 3 }: { actor: InvitationsActor; compact?: boolean; headingLevel?: 2 | 3 }) {
  const invitations = useSelector(actor, selectInvitations)
  const answeringId = useSelector(actor, selectAnsweringId)
  const headingId = useId()
  const { t } = useTranslator()
  if (invitations.length === 0) return null
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <section className={compact ? css.compact : css.section} aria-labelledby={headingId}>
      <Heading id={headingId} className={css.heading}>
        {t(m.heading)}
      </Heading>
      <ul className={css.list}>
        {invitations.map((invitation) => {
          const busy = answeringId === invitation.id
          return (
            <li key={invitation.id} className={css.item}>
              <MailOpen size={16} aria-hidden="true" className={css.icon} />
              <span className={css.label}>{invitationLine(t, invitation)}</span>
              <span className={css.actions}>
                <Button size="sm" isPending={busy} onPress={() => actor.send({ type: 'invitations.accept', id: invitation.id })}>
                  {t(m.accept)}
                  <VisuallyHidden> {t(m.invitationTo, { workspace: invitation.org_name })}</VisuallyHidden>
                </Button>
                <Button size="sm" variant="ghost" isDisabled={busy} onPress={() => actor.send({ type: 'invitations.decline', id: invitation.id })}>
                  {t(m.decline)}
                  <VisuallyHidden> {t(m.invitationTo, { workspace: invitation.org_name })}</VisuallyHidden>
                </Button>
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** "Globex — invited by Ada Admin" in `t`'s language (the inviter left out when their account is gone). */
function invitationLine(t: Translator['t'], invitation: PendingInvitation): string {
  return invitation.invited_by.label ? t(m.invitedBy, { workspace: invitation.org_name, name: invitation.invited_by.label }) : invitation.org_name
}

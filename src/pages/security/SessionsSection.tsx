/**
 * Profile Settings › Security › Sessions (Sessions): every signed-in session of the
 * person, with its browser, OS, device type, place or address and times; 'This device' on the
 * current one; 'Sign out' for any other, and 'Sign out of all other sessions' after a
 * confirmation. `SessionsSection` runs a `sessions` actor (src/system/sessions.ts: its calls and
 * toasts); `SessionsView` renders any state of it (stories hand it one from a saved state).
 */
import { useSelector } from '@xstate/react'
import CircleHelp from 'lucide-react/icons/circle-help'
import Monitor from 'lucide-react/icons/monitor'
import Smartphone from 'lucide-react/icons/smartphone'
import Tablet from 'lucide-react/icons/tablet'
import { Heading } from 'react-aria-components'
import type { ActorRefFrom } from 'xstate'
import type { SessionDeviceType, SessionItem } from '../../../contract/sessions.ts'
import type { SessionsMachine } from '../../../machines/sessions/sessions.machine.ts'
import * as sel from '../../../machines/sessions/sessions.selectors.ts'
import { useSessionsActor } from '../../system/sessions.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import * as settings from '../settings/settings.css.ts'
import * as css from './Security.css.ts'

export type SessionsActor = ActorRefFrom<SessionsMachine>

const DEVICE_ICONS: Readonly<Record<SessionDeviceType, typeof Monitor>> = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: CircleHelp }
const DEVICE_NAMES: Readonly<Record<SessionDeviceType, string>> = { desktop: 'Computer', mobile: 'Phone', tablet: 'Tablet', other: 'Other device' }

/** The section with its actor, for the tab's lifetime. */
export function SessionsSection() {
  return <SessionsView actor={useSessionsActor()} />
}

/**
 * The section in whatever state `actor` is. `nowMs` (ms since the epoch) is the moment the
 * relative times are counted from: the render's by default, fixed in stories.
 */
export function SessionsView({ actor, nowMs }: { actor: SessionsActor; nowMs?: number }) {
  const status = useSelector(actor, sel.selectSessionsStatus)
  const hasOthers = useSelector(actor, sel.selectHasOthers)
  const revoking = useSelector(actor, sel.selectIsRevoking)
  return (
    <section className={settings.panel} aria-labelledby="sessions-heading">
      <div className={css.head}>
        <Heading id="sessions-heading" level={2} className={css.headTitle}>
          Sessions
        </Heading>
        {status === 'ready' && (
          <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'sessions.revokeOthers' })} isDisabled={!hasOthers || revoking}>
            Sign out of all other sessions
          </Button>
        )}
      </div>
      <p className={css.intro}>The browsers and devices signed in to your account. If you do not recognise one, sign it out and change your password.</p>
      {status === 'loading' && <Skeleton shape="block" count={2} height={56} label="Loading sessions…" />}
      {status === 'failed' && <LoadFailed actor={actor} />}
      {status === 'ready' && <SessionList actor={actor} nowMs={nowMs ?? Date.now()} revoking={revoking} />}
      <ConfirmOthers actor={actor} />
    </section>
  )
}

function LoadFailed({ actor }: { actor: SessionsActor }) {
  const message = useSelector(actor, sel.selectSessionsLoadError)
  return (
    <div className={css.formActions}>
      <FormAlert message={message} />
      <Button variant="secondary" onPress={() => actor.send({ type: 'sessions.retry' })}>
        Try again
      </Button>
    </div>
  )
}

function SessionList({ actor, nowMs, revoking }: { actor: SessionsActor; nowMs: number; revoking: boolean }) {
  const sessions = useSelector(actor, sel.selectSessions)
  return (
    <ul className={css.list} aria-label="Signed-in sessions">
      {sessions.map((s) => (
        <SessionRow key={s.id} session={s} nowMs={nowMs} busy={revoking} onSignOut={() => actor.send({ type: 'session.revoke', id: s.id })} />
      ))}
    </ul>
  )
}

function SessionRow({ session, nowMs, busy, onSignOut }: { session: SessionItem; nowMs: number; busy: boolean; onSignOut: () => void }) {
  const Icon = DEVICE_ICONS[session.device_type]
  const label = sel.sessionLabel(session)
  const titleId = `session-${session.id}`
  return (
    <li className={css.row} aria-labelledby={titleId}>
      <span className={css.deviceIcon} role="img" aria-label={DEVICE_NAMES[session.device_type]}>
        <Icon size={20} aria-hidden="true" />
      </span>
      <div className={css.rowMain}>
        <span className={css.rowTitle}>
          <span id={titleId}>{label}</span>
          {session.current && <span className={settings.badgeStrong}>This device</span>}
        </span>
        <p className={css.rowMeta}>
          {sel.sessionPlace(session)}
          {session.location !== null && session.ip_address !== null ? ` (${session.ip_address})` : ''}
        </p>
        <p className={css.rowMeta}>
          Signed in <When iso={session.created_at} nowMs={nowMs} /> · Last active <When iso={session.last_used_at} nowMs={nowMs} />
        </p>
      </div>
      {!session.current && (
        <div className={css.rowAction}>
          <Button variant="secondary" size="sm" onPress={onSignOut} isDisabled={busy} aria-describedby={titleId}>
            Sign out
          </Button>
        </div>
      )}
    </li>
  )
}

/** A relative time ("2 hours ago") with the exact time as its tooltip and machine-readable value. */
function When({ iso, nowMs }: { iso: string; nowMs: number }) {
  return (
    <time className={css.time} dateTime={iso} title={sel.exactTime(iso)}>
      {sel.relativeIso(iso, nowMs)}
    </time>
  )
}

function ConfirmOthers({ actor }: { actor: SessionsActor }) {
  const open = useSelector(actor, sel.selectIsConfirmingOthers)
  const cancel = () => actor.send({ type: 'sessions.cancel' })
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title="Sign out of all other sessions?"
      description="Every other browser and device signed in to your account will be signed out. This device stays signed in."
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} autoFocus>
            Cancel
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'sessions.confirmRevokeOthers' })}>
            Sign out others
          </Button>
        </>
      }
    />
  )
}

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
import { sessionsMessages as m } from '../../../machines/sessions/sessions.messages.ts'
import * as sel from '../../../machines/sessions/sessions.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useSessionsActor } from '../../system/sessions.ts'
import { FormAlert } from '../../ui/FormAlert.tsx'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import { Modal } from '../../ui/primitives/Dialog/Dialog.tsx'
import { Skeleton } from '../../ui/primitives/Skeleton/Skeleton.tsx'
import * as settings from '../settings/settings.css.ts'
import * as css from './Security.css.ts'
import { useSlotted, When } from './When.tsx'

export type SessionsActor = ActorRefFrom<SessionsMachine>

const DEVICE_ICONS: Readonly<Record<SessionDeviceType, typeof Monitor>> = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, other: CircleHelp }
const DEVICE_NAMES: Readonly<Record<SessionDeviceType, MessageDescriptor>> = { desktop: m.desktop, mobile: m.mobile, tablet: m.tablet, other: m.other }

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
  const { t } = useTranslator()
  return (
    <section className={settings.panel} aria-labelledby="sessions-heading">
      <div className={css.head}>
        <Heading id="sessions-heading" level={2} className={css.headTitle}>
          {t(m.title)}
        </Heading>
        {status === 'ready' && (
          <Button variant="secondary" size="sm" onPress={() => actor.send({ type: 'sessions.revokeOthers' })} isDisabled={!hasOthers || revoking}>
            {t(m.signOutOthers)}
          </Button>
        )}
      </div>
      <p className={css.intro}>{t(m.intro)}</p>
      {status === 'loading' && <Skeleton shape="block" count={2} height={56} label={t(m.loading)} />}
      {status === 'failed' && <LoadFailed actor={actor} />}
      {status === 'ready' && <SessionList actor={actor} nowMs={nowMs ?? Date.now()} revoking={revoking} />}
      <ConfirmOthers actor={actor} />
    </section>
  )
}

function LoadFailed({ actor }: { actor: SessionsActor }) {
  const message = useSelector(actor, sel.selectSessionsLoadError)
  const { t } = useTranslator()
  return (
    <div className={css.formActions}>
      <FormAlert message={message} />
      <Button variant="secondary" onPress={() => actor.send({ type: 'sessions.retry' })}>
        {t(m.tryAgain)}
      </Button>
    </div>
  )
}

function SessionList({ actor, nowMs, revoking }: { actor: SessionsActor; nowMs: number; revoking: boolean }) {
  const sessions = useSelector(actor, sel.selectSessions)
  const { t } = useTranslator()
  return (
    <ul className={css.list} aria-label={t(m.list)}>
      {sessions.map((s) => (
        <SessionRow key={s.id} session={s} nowMs={nowMs} busy={revoking} onSignOut={() => actor.send({ type: 'session.revoke', id: s.id })} />
      ))}
    </ul>
  )
}

function SessionRow({ session, nowMs, busy, onSignOut }: { session: SessionItem; nowMs: number; busy: boolean; onSignOut: () => void }) {
  const { t, text } = useTranslator()
  const slotted = useSlotted()
  const Icon = DEVICE_ICONS[session.device_type]
  const label = text(sel.sessionLabelText(session))
  const titleId = `session-${session.id}`
  return (
    <li className={css.row} aria-labelledby={titleId}>
      <span className={css.deviceIcon} role="img" aria-label={t(DEVICE_NAMES[session.device_type])}>
        <Icon size={20} aria-hidden="true" />
      </span>
      <div className={css.rowMain}>
        <span className={css.rowTitle}>
          <span id={titleId}>{label}</span>
          {session.current && <span className={settings.badgeStrong}>{t(m.thisDevice)}</span>}
        </span>
        <p className={css.rowMeta}>
          {text(sel.sessionPlaceText(session))}
          {session.location !== null && session.ip_address !== null ? ` (${session.ip_address})` : ''}
        </p>
        <p className={css.rowMeta}>
          {slotted(m.signedIn, { time: <When iso={session.created_at} nowMs={nowMs} /> })}
          {' · '}
          {slotted(m.lastActive, { time: <When iso={session.last_used_at} nowMs={nowMs} /> })}
        </p>
      </div>
      {!session.current && (
        <div className={css.rowAction}>
          <Button variant="secondary" size="sm" onPress={onSignOut} isDisabled={busy} aria-describedby={titleId}>
            {t(m.signOut)}
          </Button>
        </div>
      )}
    </li>
  )
}

function ConfirmOthers({ actor }: { actor: SessionsActor }) {
  const open = useSelector(actor, sel.selectIsConfirmingOthers)
  const cancel = () => actor.send({ type: 'sessions.cancel' })
  const { t } = useTranslator()
  return (
    <Modal
      role="alertdialog"
      size="sm"
      title={t(m.confirmTitle)}
      description={t(m.confirmDescription)}
      isOpen={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) cancel()
      }}
      footer={
        <>
          <Button variant="secondary" onPress={cancel} autoFocus>
            {t(m.cancel)}
          </Button>
          <Button variant="danger" onPress={() => actor.send({ type: 'sessions.confirmRevokeOthers' })}>
            {t(m.confirmSignOut)}
          </Button>
        </>
      }
    />
  )
}

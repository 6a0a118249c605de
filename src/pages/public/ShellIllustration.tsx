/**
 * A picture of the signed-in shell for the landing page: the sidebar, the header
 * (workspace switcher, credits, notifications, user menu) and the Overview with the latest
 * notifications, drawn in HTML and CSS with the theme's colours. One image to assistive
 * technology (role="img" with a description); nothing in it is interactive.
 */
import Bell from 'lucide-react/icons/bell'
import Bot from 'lucide-react/icons/bot'
import LayoutDashboard from 'lucide-react/icons/layout-dashboard'
import PhoneCall from 'lucide-react/icons/phone-call'
import Settings from 'lucide-react/icons/settings'
import Users from 'lucide-react/icons/users'
import WorkflowIcon from 'lucide-react/icons/workflow'
import type { ComponentType } from 'react'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { landingMessages as m } from './landing.messages.ts'
import * as css from './ShellIllustration.css.ts'

const NAV: ReadonlyArray<{ label: MessageDescriptor; Icon: ComponentType<{ size?: number }>; active?: boolean; soon?: boolean }> = [
  { label: m.navOverview, Icon: LayoutDashboard, active: true },
  { label: m.navContacts, Icon: Users },
  { label: m.navAiAgents, Icon: Bot },
  { label: m.navCalls, Icon: PhoneCall },
  { label: m.navWorkflows, Icon: WorkflowIcon, soon: true },
  { label: m.navSettings, Icon: Settings },
]

/** The latest notifications: what happened, and how long ago in minutes or hours. */
const ROWS: ReadonlyArray<{ text: MessageDescriptor; minutes?: number; hours?: number; unread?: boolean; urgent?: boolean }> = [
  { text: m.rowHandedOver, minutes: 2, unread: true, urgent: true },
  { text: m.rowSummary, minutes: 14, unread: true },
  { text: m.rowAccepted, hours: 1 },
  { text: m.rowSynced, hours: 3 },
]

/** The product's name, the same in every language. */
const PRODUCT = 'Engage'
/** The pictured workspace's name and its person's initials: names, shown as they are. */
const WORKSPACE_NAME = 'Acme Support'
const INITIALS = 'AL'
/** The pictured figures: credits left, unread notifications and team members. */
const CREDITS_LEFT = 8240
const UNREAD = 2
const TEAM = 12

export function ShellIllustration() {
  const { t, number } = useTranslator()
  const ago = (row: (typeof ROWS)[number]) =>
    row.minutes !== undefined ? t(m.minutes, { minutes: number(row.minutes) }) : t(m.hours, { hours: number(row.hours ?? 0) })
  return (
    <div role="img" aria-label={t(m.illustration)} className={css.frame}>
      <div className={css.sidebar}>
        <div className={css.brand}>
          <svg width="18" height="18" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="#4f46e5" />
            <path d="M9 10h14M9 16h10M9 22h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span className={css.label}>{PRODUCT}</span>
        </div>
        {NAV.map(({ label, Icon, active, soon }) => (
          <div key={label.id} className={active ? `${css.navItem} ${css.navItemActive}` : css.navItem}>
            <Icon size={14} />
            <span className={css.label}>{t(label)}</span>
            {soon && <span className={`${css.soon} ${css.label}`}>{t(m.soon)}</span>}
          </div>
        ))}
      </div>
      <div className={css.body}>
        <div className={css.topbar}>
          <div className={css.workspace}>
            <span className={css.workspaceMark} />
            <span dir="auto">{WORKSPACE_NAME}</span>
          </div>
          <span className={css.spacer} />
          <div className={`${css.credits} ${css.wide}`}>
            <span>{t(m.creditsLeft, { count: CREDITS_LEFT, credits: number(CREDITS_LEFT) })}</span>
            <span className={css.meter}>
              <span className={css.meterFill} />
            </span>
          </div>
          <span className={css.bell}>
            <Bell size={15} />
            <span className={css.bellDot} />
          </span>
          <span className={css.avatar}>{INITIALS}</span>
        </div>
        <div className={css.panel}>
          <div className={css.panelTitle}>{t(m.navOverview)}</div>
          <div className={css.stats}>
            <div className={css.stat}>
              <span className={css.statLabel}>{t(m.statCreditsLeft)}</span>
              <span className={css.statValue}>{number(CREDITS_LEFT)}</span>
            </div>
            <div className={css.stat}>
              <span className={css.statLabel}>{t(m.statUnread)}</span>
              <span className={css.statValue}>{number(UNREAD)}</span>
            </div>
            <div className={`${css.stat} ${css.wide}`}>
              <span className={css.statLabel}>{t(m.statTeam)}</span>
              <span className={css.statValue}>{number(TEAM)}</span>
            </div>
          </div>
          <div className={css.list}>
            {ROWS.map((row) => (
              <div key={row.text.id} className={css.row}>
                <span className={row.unread ? css.rowDot : `${css.rowDot} ${css.rowDotRead}`} />
                <span className={css.rowText}>{t(row.text)}</span>
                {row.urgent && <span className={css.urgent}>{t(m.urgent)}</span>}
                <span className={css.rowTime}>{ago(row)}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}

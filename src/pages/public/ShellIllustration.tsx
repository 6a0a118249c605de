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
import * as css from './ShellIllustration.css.ts'

/** What a screen reader hears for the picture. */
export const SHELL_ILLUSTRATION_LABEL =
  'The Engage workspace: a sidebar with Overview, Contacts, AI Agents, Calls, Workflows and Settings; a header with the workspace, credits left, notifications and your account; and the Overview with the latest notifications.'

const NAV: ReadonlyArray<{ label: string; Icon: ComponentType<{ size?: number }>; active?: boolean; soon?: boolean }> = [
  { label: 'Overview', Icon: LayoutDashboard, active: true },
  { label: 'Contacts', Icon: Users },
  { label: 'AI Agents', Icon: Bot },
  { label: 'Calls', Icon: PhoneCall },
  { label: 'Workflows', Icon: WorkflowIcon, soon: true },
  { label: 'Settings', Icon: Settings },
]

const ROWS: ReadonlyArray<{ text: string; time: string; unread?: boolean; urgent?: boolean }> = [
  { text: 'Voice agent handed a call to Maya', time: '2 min', unread: true, urgent: true },
  { text: 'Call summary ready: Order #4821 refund', time: '14 min', unread: true },
  { text: 'Priya accepted your invitation', time: '1 h' },
  { text: 'Knowledge base synced: 42 articles', time: '3 h' },
]

export function ShellIllustration() {
  return (
    <div role="img" aria-label={SHELL_ILLUSTRATION_LABEL} className={css.frame}>
      <div className={css.sidebar}>
        <div className={css.brand}>
          <svg width="18" height="18" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
            <rect width="32" height="32" rx="8" fill="#4f46e5" />
            <path d="M9 10h14M9 16h10M9 22h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
          </svg>
          <span className={css.label}>Engage</span>
        </div>
        {NAV.map(({ label, Icon, active, soon }) => (
          <div key={label} className={active ? `${css.navItem} ${css.navItemActive}` : css.navItem}>
            <Icon size={14} />
            <span className={css.label}>{label}</span>
            {soon && <span className={`${css.soon} ${css.label}`}>Soon</span>}
          </div>
        ))}
      </div>
      <div className={css.body}>
        <div className={css.topbar}>
          <div className={css.workspace}>
            <span className={css.workspaceMark} />
            Acme Support
          </div>
          <span className={css.spacer} />
          <div className={`${css.credits} ${css.wide}`}>
            <span>8,240 credits left</span>
            <span className={css.meter}>
              <span className={css.meterFill} />
            </span>
          </div>
          <span className={css.bell}>
            <Bell size={15} />
            <span className={css.bellDot} />
          </span>
          <span className={css.avatar}>AL</span>
        </div>
        <div className={css.panel}>
          <div className={css.panelTitle}>Overview</div>
          <div className={css.stats}>
            <div className={css.stat}>
              <span className={css.statLabel}>Credits left</span>
              <span className={css.statValue}>8,240</span>
            </div>
            <div className={css.stat}>
              <span className={css.statLabel}>Unread</span>
              <span className={css.statValue}>2</span>
            </div>
            <div className={`${css.stat} ${css.wide}`}>
              <span className={css.statLabel}>Team</span>
              <span className={css.statValue}>12</span>
            </div>
          </div>
          <div className={css.list}>
            {ROWS.map((row) => (
              <div key={row.text} className={css.row}>
                <span className={row.unread ? css.rowDot : `${css.rowDot} ${css.rowDotRead}`} />
                <span className={css.rowText}>{row.text}</span>
                {row.urgent && <span className={css.urgent}>Urgent</span>}
                <span className={css.rowTime}>{row.time}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  )
}

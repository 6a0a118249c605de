/**
 * The menu groups' icons (src/navigation/routes.ts `NavIcon`) as lucide-react components.
 * Always decorative: the link or button around an icon carries the accessible name.
 */
import Bot from 'lucide-react/icons/bot'
import ChartColumn from 'lucide-react/icons/chart-column'
import Code from 'lucide-react/icons/code'
import Database from 'lucide-react/icons/database'
import LayoutDashboard from 'lucide-react/icons/layout-dashboard'
import Megaphone from 'lucide-react/icons/megaphone'
import MessagesSquare from 'lucide-react/icons/messages-square'
import Phone from 'lucide-react/icons/phone'
import Plug from 'lucide-react/icons/plug'
import ShieldCheck from 'lucide-react/icons/shield-check'
import UserCog from 'lucide-react/icons/user-cog'
import Users from 'lucide-react/icons/users'
import type { LucideIcon } from 'lucide-react'
import type { NavIcon as NavIconName } from '../../navigation/routes.ts'

export const NAV_ICONS: Readonly<Record<NavIconName, LucideIcon>> = {
  overview: LayoutDashboard,
  contacts: Users,
  agents: Bot,
  calls: Phone,
  dataHub: Database,
  marketing: Megaphone,
  touchpoints: MessagesSquare,
  integrations: Plug,
  qa: ShieldCheck,
  reporting: ChartColumn,
  account: UserCog,
  developers: Code,
}

export function NavIcon({ name, size = 18 }: { name: NavIconName; size?: number }) {
  const Icon = NAV_ICONS[name]
  return <Icon size={size} aria-hidden="true" focusable="false" strokeWidth={1.75} />
}

/**
 * The menu groups' icons (src/navigation/routes.ts `NavIcon`) as lucide-react components.
 * Always decorative: the link or button around an icon carries the accessible name.
 */
import {
  Bot,
  ChartColumn,
  Code,
  Database,
  LayoutDashboard,
  type LucideIcon,
  Megaphone,
  MessagesSquare,
  Phone,
  Plug,
  ShieldCheck,
  UserCog,
  Users,
} from 'lucide-react'
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

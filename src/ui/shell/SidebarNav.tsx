/**
 * The sidebar's menu (SPEC §2.4 entries, §2.6 behaviour): the groups the member's permissions
 * allow (`visibleNavigation`), with the entry of `activeEntry(pathname)` marked
 * `aria-current="page"`, and the 'Log Out' link at the foot.
 *
 * - `expanded`: labels; a group of several entries is a disclosure (open when it holds the
 *   current page), a group of one entry is a plain link.
 * - `collapsed`: icons only, each with a tooltip; a group opens a popover listing its entries.
 *
 * Which entries show and which is current are decided by src/navigation/routes.ts; this only draws.
 */
import ChevronRight from 'lucide-react/icons/chevron-right'
import LogOut from 'lucide-react/icons/log-out'
import { useMemo } from 'react'
import { Button, Dialog, DialogTrigger, Disclosure, DisclosurePanel, Heading, Link } from 'react-aria-components'
import { activeEntry, type NavEntry, type NavGroup, visibleNavigation } from '../../navigation/routes.ts'
import { usePermissions } from '../../system/react.tsx'
import { Popover } from '../primitives/Popover/Popover.tsx'
import { WithTooltip } from '../primitives/Tooltip/Tooltip.tsx'
import { SIGN_OUT_PATH } from './links.ts'
import { NavIcon } from './NavIcon.tsx'
import * as css from './SidebarNav.css.ts'

/** How the menu is drawn; reused as a story control. */
export const NAV_VARIANTS = ['expanded', 'collapsed'] as const
export type NavVariant = (typeof NAV_VARIANTS)[number]

export interface SidebarNavProps {
  readonly variant: NavVariant
  readonly pathname: string
  /** Called when a link of the menu is followed (the drawer closes on it). */
  readonly onNavigate?: () => void
}

export function SidebarNav({ variant, pathname, onNavigate }: SidebarNavProps) {
  const permissions = usePermissions()
  const groups = useMemo(() => visibleNavigation(permissions), [permissions])
  const current = activeEntry(pathname, groups)
  const Group = variant === 'expanded' ? ExpandedGroup : CollapsedGroup
  return (
    <nav aria-label="Main" className={css.nav} data-variant={variant}>
      <ul className={css.list}>
        {groups.map((group) => (
          <li key={group.label}>
            <Group group={group} current={current} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <div className={css.footer}>
        <WithTooltip label="Log Out" isDisabled={variant === 'expanded'}>
          <Link href={SIGN_OUT_PATH} className={css.item} aria-label={variant === 'collapsed' ? 'Log Out' : undefined} onPress={onNavigate}>
            <LogOut size={18} aria-hidden="true" strokeWidth={1.75} />
            {variant === 'expanded' && <span className={css.label}>Log Out</span>}
          </Link>
        </WithTooltip>
      </div>
    </nav>
  )
}

interface GroupProps {
  readonly group: NavGroup
  readonly current: NavEntry | undefined
  readonly onNavigate: (() => void) | undefined
}

function ExpandedGroup({ group, current, onNavigate }: GroupProps) {
  const [only] = group.entries
  if (group.entries.length === 1 && only) {
    return (
      <Link href={only.pattern} aria-current={only === current ? 'page' : undefined} className={css.item} onPress={onNavigate}>
        <NavIcon name={group.icon} />
        <span className={css.label}>{only.title}</span>
      </Link>
    )
  }
  const holdsCurrent = current !== undefined && group.entries.includes(current)
  return (
    <Disclosure defaultExpanded={holdsCurrent} className={css.group}>
      <Button slot="trigger" className={css.item} data-holds-current={holdsCurrent || undefined}>
        <NavIcon name={group.icon} />
        <span className={css.label}>{group.label}</span>
        <ChevronRight size={16} aria-hidden="true" className={css.chevron} />
      </Button>
      <DisclosurePanel className={css.panel}>
        <ul className={css.subList}>
          {group.entries.map((entry) => (
            <li key={entry.pattern}>
              <Link href={entry.pattern} aria-current={entry === current ? 'page' : undefined} className={css.subItem} onPress={onNavigate}>
                {entry.title}
              </Link>
            </li>
          ))}
        </ul>
      </DisclosurePanel>
    </Disclosure>
  )
}

function CollapsedGroup({ group, current, onNavigate }: GroupProps) {
  const [only] = group.entries
  if (group.entries.length === 1 && only) {
    return (
      <WithTooltip label={only.title}>
        <Link href={only.pattern} aria-label={only.title} aria-current={only === current ? 'page' : undefined} className={css.item} onPress={onNavigate}>
          <NavIcon name={group.icon} />
        </Link>
      </WithTooltip>
    )
  }
  const holdsCurrent = current !== undefined && group.entries.includes(current)
  return (
    <DialogTrigger>
      <WithTooltip label={group.label}>
        <Button aria-label={group.label} className={css.item} data-holds-current={holdsCurrent || undefined}>
          <NavIcon name={group.icon} />
        </Button>
      </WithTooltip>
      <Popover placement="end top" offset={8}>
        <Dialog className={css.popoverDialog}>
          {({ close }) => (
            <>
              <Heading slot="title" className={css.popoverTitle}>
                {group.label}
              </Heading>
              <ul className={css.subList}>
                {group.entries.map((entry) => (
                  <li key={entry.pattern}>
                    <Link
                      href={entry.pattern}
                      aria-current={entry === current ? 'page' : undefined}
                      className={css.subItem}
                      onPress={() => {
                        close()
                        onNavigate?.()
                      }}
                    >
                      {entry.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}

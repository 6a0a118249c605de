/**
 * The sidebar's menu (SPEC §2.4 entries, §2.6 behaviour): the groups the member's permissions
 * allow (`visibleNavigation`), with the entry of `activeEntry(pathname)` marked
 * `aria-current="page"`, and the 'Log Out' link at the foot.
 *
 * - `expanded`: labels; a group of several entries is a disclosure (open when it holds the
 *   current page), a group of one entry is a plain link.
 * - `collapsed`: icons only, each with a tooltip naming it; a group opens a popover listing its entries.
 *
 * Which groups are open is the sidebar machine's (`openGroups`): the member toggles
 * them, and arriving at a page opens its group (src/ui/shell/Sidebar.tsx sends
 * `sidebar.routeChanged`). A section whose pages are not built yet (`built: false` in the route
 * table) carries a 'Soon' mark: on the group when none of its entries is built, else on the entry.
 * The mark stays out of the accessible name (names stay the spec's titles); it is the link's or
 * button's description (`aria-describedby`), so assistive technology hears 'Soon' too.
 *
 * Which entries show and which is current are decided by src/navigation/routes.ts; this only draws.
 */
import ChevronRight from 'lucide-react/icons/chevron-right'
import LogOut from 'lucide-react/icons/log-out'
import { useId, useMemo } from 'react'
import { Button, Disclosure, DisclosurePanel, Heading, Link } from 'react-aria-components'
import { selectIsGroupOpen } from '../../../machines/sidebar/sidebar.selectors.ts'
import { activeEntry, type NavEntry, type NavGroup, visibleNavigation } from '../../navigation/routes.ts'
import { usePermissions, useSidebar, useSidebarActor } from '../../system/react.tsx'
import { PopoverDialog } from '../primitives/Popover/PopoverDialog.tsx'
import { WithTooltip } from '../primitives/Tooltip/Tooltip.tsx'
import { SIGN_OUT_PATH } from './links.ts'
import { NavIcon } from './NavIcon.tsx'
import { NavLink } from './NavLink.tsx'
import * as css from './SidebarNav.css.ts'
import { mirrored } from '../primitives/direction.css.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { navTitle } from '../../navigation/nav-title.ts'
import { shellMessages as m } from './shell.messages.ts'

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
  const { t } = useTranslator()
  return (
    <nav aria-label={t(m.mainNavigation)} className={css.nav} data-variant={variant}>
      <ul className={css.list}>
        {groups.map((group) => (
          <li key={group.label}>
            <Group group={group} current={current} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
      <div className={css.footer}>
        <WithTooltip label={t(m.logOut)} isDisabled={variant === 'expanded'}>
          <Link href={SIGN_OUT_PATH} className={css.item} aria-label={variant === 'collapsed' ? t(m.logOut) : undefined} onPress={onNavigate}>
            <LogOut size={18} aria-hidden="true" strokeWidth={1.75} className={mirrored} />
            {variant === 'expanded' && <span className={css.label}>{t(m.logOut)}</span>}
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

/** A group is 'Soon' as a whole when none of its entries is built. */
export const isSoonGroup = (group: NavGroup): boolean => group.entries.every((e) => !e.built)

/** The 'Soon' mark of an entry or group whose page is not built yet: out of the name, referenced as the description. */
function SoonMark({ id }: { id?: string }) {
  const { t } = useTranslator()
  return (
    <span id={id} className={css.soon} aria-hidden="true">
      {t(m.soon)}
    </span>
  )
}

function ExpandedGroup({ group, current, onNavigate }: GroupProps) {
  const soonId = useId()
  const sidebar = useSidebarActor()
  const isOpen = useSidebar(selectIsGroupOpen(group.label))
  const translator = useTranslator()
  const [only] = group.entries
  if (group.entries.length === 1 && only) {
    return (
      <NavLink
        href={only.pattern}
        aria-current={only === current ? 'page' : undefined}
        aria-describedby={only.built ? undefined : soonId}
        className={css.item}
        onNavigate={onNavigate}
      >
        <NavIcon name={group.icon} />
        <span className={css.label}>{navTitle(translator, only.title)}</span>
        {!only.built && <SoonMark id={soonId} />}
      </NavLink>
    )
  }
  const holdsCurrent = current !== undefined && group.entries.includes(current)
  const soon = isSoonGroup(group)
  return (
    <Disclosure
      isExpanded={isOpen}
      onExpandedChange={(expanded) => sidebar.send({ type: 'sidebar.groupToggled', group: group.label, expanded })}
      className={css.group}
    >
      <Button slot="trigger" className={css.item} data-holds-current={holdsCurrent || undefined} aria-describedby={soon ? soonId : undefined}>
        <NavIcon name={group.icon} />
        <span className={css.label}>{navTitle(translator, group.label)}</span>
        {soon && <SoonMark id={soonId} />}
        <ChevronRight size={16} aria-hidden="true" className={css.chevron} />
      </Button>
      <DisclosurePanel className={css.panel}>
        <ul className={css.subList}>
          {group.entries.map((entry) => (
            <li key={entry.pattern}>
              <NavLink
                href={entry.pattern}
                aria-current={entry === current ? 'page' : undefined}
                aria-describedby={!soon && !entry.built ? `${soonId}-${entry.pattern}` : undefined}
                className={css.subItem}
                onNavigate={onNavigate}
              >
                <span className={css.subLabel}>{navTitle(translator, entry.title)}</span>
                {!soon && !entry.built && <SoonMark id={`${soonId}-${entry.pattern}`} />}
              </NavLink>
            </li>
          ))}
        </ul>
      </DisclosurePanel>
    </Disclosure>
  )
}

function CollapsedGroup({ group, current, onNavigate }: GroupProps) {
  const soonId = useId()
  const translator = useTranslator()
  const title = (text: string) => navTitle(translator, text)
  const [only] = group.entries
  if (group.entries.length === 1 && only) {
    return (
      <WithTooltip label={only.built ? title(only.title) : translator.t(m.withSoon, { title: title(only.title) })}>
        <Link href={only.pattern} aria-label={title(only.title)} aria-current={only === current ? 'page' : undefined} className={css.item} onPress={onNavigate}>
          <NavIcon name={group.icon} />
        </Link>
      </WithTooltip>
    )
  }
  const holdsCurrent = current !== undefined && group.entries.includes(current)
  const soon = isSoonGroup(group)
  return (
    <PopoverDialog
      placement="end top"
      offset={8}
      dialogClassName={css.popoverDialog}
      trigger={
        <WithTooltip label={soon ? translator.t(m.withSoon, { title: title(group.label) }) : title(group.label)}>
          <Button aria-label={title(group.label)} className={css.item} data-holds-current={holdsCurrent || undefined}>
            <NavIcon name={group.icon} />
          </Button>
        </WithTooltip>
      }
    >
      {({ close }) => (
        <>
          <Heading slot="title" className={css.popoverTitle}>
            {title(group.label)}
            {soon && <SoonMark />}
          </Heading>
          <ul className={css.subList}>
            {group.entries.map((entry) => (
              <li key={entry.pattern}>
                <Link
                  href={entry.pattern}
                  aria-current={entry === current ? 'page' : undefined}
                  aria-describedby={!soon && !entry.built ? `${soonId}-${entry.pattern}` : undefined}
                  className={css.subItem}
                  onPress={() => {
                    close()
                    onNavigate?.()
                  }}
                >
                  <span className={css.subLabel}>{navTitle(translator, entry.title)}</span>
                  {!soon && !entry.built && <SoonMark id={`${soonId}-${entry.pattern}`} />}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </PopoverDialog>
  )
}

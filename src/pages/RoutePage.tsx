/**
 * The page of an /app route whose content is not built yet (SPEC §2.4, §2.5): the
 * spec's title and breadcrumb, what will live there, and an honest 'Coming soon' empty state (the
 * sidebar marks the same sections 'Soon'). It offers no action that does nothing: only links to pages that work and that the member
 * may open (the Overview, notification settings).
 *
 * A chunk of its own (src/routes/tree.tsx loads `AppRoutePage` lazily): the texts of
 * src/navigation/purposes.ts load with it, not with the shell.
 */
import { useLocation } from '@tanstack/react-router'
import Construction from 'lucide-react/icons/construction'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { useTranslator } from '../i18n/react.tsx'
import { navTitle } from '../navigation/nav-title.ts'
import { ROUTE_PURPOSES } from '../navigation/purposes.ts'
import { canAccessPath, routeFor, type RouteInfo } from '../navigation/routes.ts'
import { usePermissions } from '../system/react.tsx'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { EmptyState } from '../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { soonMessages as m } from './soon.messages.ts'
import { UnauthorizedPage } from './UnauthorizedPage.tsx'

/** The built pages a 'Soon' page points to, in order, when the member may open them. */
export const SOON_PAGE_LINKS: ReadonlyArray<{ readonly label: MessageDescriptor; readonly href: string }> = [
  { label: m.goToOverview, href: '/app/dashboard' },
  { label: m.notificationSettings, href: '/app/notification-settings' },
]

export function RoutePage({ route }: { route: RouteInfo }) {
  const permissions = usePermissions()
  const translator = useTranslator()
  const { t } = translator
  const title = navTitle(translator, route.title)
  // The breadcrumb shows the section's title in the reader's language (PageHeader translates route titles).
  const crumbs = route.section ? [{ label: route.section }] : []
  const purpose = ROUTE_PURPOSES[route.pattern]
  const links = SOON_PAGE_LINKS.filter((link) => canAccessPath(link.href, permissions))
  return (
    <section>
      <PageHeader title={title} crumbs={crumbs} description={purpose ? t(purpose) : t(m.willLiveHere, { title })} />
      <EmptyState
        title={t(m.comingSoon)}
        icon={<Construction size={24} />}
        description={t(m.stillBuilding)}
        action={
          links.length > 0 && (
            <>
              {links.map((link, i) => (
                <LinkButton key={link.href} href={link.href} variant={i === 0 ? 'primary' : 'secondary'}>
                  {t(link.label)}
                </LinkButton>
              ))}
            </>
          )
        }
      />
    </section>
  )
}

/** An app route of the route table (src/navigation/routes.ts) without a page of its own yet. */
export function AppRoutePage() {
  const { pathname } = useLocation()
  const route = routeFor(pathname)
  return route ? <RoutePage route={route} /> : <UnauthorizedPage />
}

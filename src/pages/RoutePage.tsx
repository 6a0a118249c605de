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
import { ROUTE_PURPOSES } from '../navigation/purposes.ts'
import { canAccessPath, routeFor, type RouteInfo } from '../navigation/routes.ts'
import { usePermissions } from '../system/react.tsx'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { EmptyState } from '../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'
import { UnauthorizedPage } from './UnauthorizedPage.tsx'

/** The built pages a 'Soon' page points to, in order, when the member may open them. */
export const SOON_PAGE_LINKS: ReadonlyArray<{ readonly label: string; readonly href: string }> = [
  { label: 'Go to Overview', href: '/app/dashboard' },
  { label: 'Notification settings', href: '/app/notification-settings' },
]

export function RoutePage({ route }: { route: RouteInfo }) {
  const permissions = usePermissions()
  const crumbs = route.section ? [{ label: route.section }] : []
  const links = SOON_PAGE_LINKS.filter((link) => canAccessPath(link.href, permissions))
  return (
    <section>
      <PageHeader title={route.title} crumbs={crumbs} description={ROUTE_PURPOSES[route.pattern] ?? `${route.title} will live here.`} />
      <EmptyState
        title="Coming soon"
        icon={<Construction size={24} />}
        description="This part of Engage is still being built, so there is nothing to set up here yet. It opens on this page as soon as it is ready."
        action={
          links.length > 0 && (
            <>
              {links.map((link, i) => (
                <LinkButton key={link.href} href={link.href} variant={i === 0 ? 'primary' : 'secondary'}>
                  {link.label}
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

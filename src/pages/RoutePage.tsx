/**
 * The page of an /app route whose content a later release brings (SPEC §2.4, §2.5): title,
 * breadcrumb, an empty state saying what will live there, and the page's primary action as a
 * permission-gated button (SPEC §5).
 */
import Construction from 'lucide-react/icons/construction'
import type { RouteInfo } from '../navigation/routes.ts'
import { GatedButton } from '../ui/GatedButton.tsx'
import * as page from '../ui/Page.css.ts'
import { EmptyState } from '../ui/primitives/EmptyState/EmptyState.tsx'
import { PageHeader } from '../ui/primitives/PageHeader/PageHeader.tsx'

export function RoutePage({ route }: { route: RouteInfo }) {
  const crumbs = route.section ? [{ label: route.section }] : []
  const action = route.primaryAction
  return (
    <section>
      <PageHeader
        title={route.title}
        crumbs={crumbs}
        actions={
          action && (
            // Nothing happens yet on press: the feature behind the action arrives with its page.
            <GatedButton resource={action.resource} action={action.action}>
              {action.label}
            </GatedButton>
          )
        }
      />
      <EmptyState title="Nothing here yet" icon={<Construction size={24} />}>
        <p className={page.text}>{route.purpose ?? `${route.title} will live here.`}</p>
        <p className={page.text}>This part of Engage is not available yet; it is coming in a later release.</p>
      </EmptyState>
    </section>
  )
}

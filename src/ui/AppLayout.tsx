/**
 * The /app layout (SPEC.md §2.3): the dashboard shell (sidebar, header, content; see
 * src/ui/shell/Shell.tsx), or, on the paths of §2.3's bare list, a bare full-height container.
 */
import type { ReactNode } from 'react'
import { usesBareLayout } from '../navigation/paths.ts'
import * as css from './AppLayout.css.ts'
import { Shell } from './shell/Shell.tsx'

export function AppLayout({ pathname, children }: { pathname: string; children: ReactNode }) {
  if (usesBareLayout(pathname)) return <div className={css.bare}>{children}</div>
  return <Shell pathname={pathname}>{children}</Shell>
}

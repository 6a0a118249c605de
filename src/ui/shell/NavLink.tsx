/**
 * A link of the expanded sidebar (SPEC §2.4) as a native anchor (issue #21: page load). The
 * sidebar mounts every entry of every group, about 45 links; as react-aria Links (press, hover and
 * focus-ring hooks each) they were the largest part of the shell's first render at 4x CPU. A plain
 * `<a href>` is already a link to assistive technology and the keyboard (Enter follows it); its
 * look comes from CSS (SidebarNav.css.ts: `:hover`, `:active`, `:focus-visible`,
 * `[aria-current="page"]`).
 *
 * A plain click navigates inside the app through the router (no reload) after `onNavigate` (the
 * drawer closes); with a modifier or another button the browser does what it does with any link
 * (a new tab, a new window). Outside a router (stories) the browser follows it.
 */
import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode } from 'react'

export interface NavLinkProps extends Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'aria-current' | 'aria-describedby' | 'aria-label' | 'className'> {
  /** A same-origin path from the route table, e.g. `/app/contacts`. */
  readonly href: string
  /** Runs before a plain click navigates (the mobile drawer closes). */
  readonly onNavigate?: (() => void) | undefined
  readonly children: ReactNode
}

export function NavLink({ href, onNavigate, children, ...attributes }: NavLinkProps) {
  // `warn: false`: stories render the sidebar without a router.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  return (
    <a
      href={href}
      {...attributes}
      onClick={(event) => {
        if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        onNavigate?.()
        if (!router) return
        event.preventDefault()
        void router.navigate({ href })
      }}
    >
      {children}
    </a>
  )
}

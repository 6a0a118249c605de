/**
 * A link rendered many times at once as a native anchor: the expanded sidebar's
 * entries (SPEC §2.4; the sidebar mounts every entry of every group, about 45 links) and each
 * notification row's action link. As react-aria Links (press, hover and focus-ring hooks each)
 * the sidebar's were the largest part of the shell's first render at 4x CPU, and the rows' a large
 * part of rendering a page of notifications. A plain `<a href>` is already a link to assistive
 * technology and the keyboard (Enter follows it); its look comes from CSS (`:hover`, `:active`,
 * `:focus-visible`, `[aria-current="page"]`).
 *
 * A plain click runs `onNavigate` (the drawer or the panel closes, the notification is read), then
 * a path of this app (`/…`) opens through the router, without a reload; any other URL (a
 * notification's external link) is followed by the browser. With a modifier or another button the
 * browser does what it does with any link (a new tab, a new window); `onOpen` runs for those too
 * (a notification opened in a new tab is read all the same). Outside a router (stories) the
 * browser follows it.
 */
import { useRouter } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, ReactNode } from 'react'

export interface NavLinkProps extends Pick<AnchorHTMLAttributes<HTMLAnchorElement>, 'aria-current' | 'aria-describedby' | 'aria-label' | 'className'> {
  /** A path of this app (`/app/contacts`) or an absolute URL already checked safe (contract `safeActionUrl`). */
  readonly href: string
  /** Runs before a plain click navigates (the mobile drawer closes). */
  readonly onNavigate?: (() => void) | undefined
  /** Runs whenever the link is followed: a plain click, or a modified or middle click that opens it elsewhere. */
  readonly onOpen?: (() => void) | undefined
  readonly children: ReactNode
}

export function NavLink({ href, onNavigate, onOpen, children, ...attributes }: NavLinkProps) {
  // `warn: false`: stories render the sidebar without a router.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined
  return (
    <a
      href={href}
      {...attributes}
      // The middle button opens a new tab without a click event.
      onAuxClick={(event) => {
        if (event.button === 1) onOpen?.()
      }}
      onClick={(event) => {
        if (event.defaultPrevented) return
        if (event.button === 0) onOpen?.()
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        onNavigate?.()
        if (!router || !href.startsWith('/')) return
        event.preventDefault()
        void router.navigate({ href })
      }}
    >
      {children}
    </a>
  )
}

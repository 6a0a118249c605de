/**
 * A centered single-message page: used by the waitlist, sign-up-info, sign-out and public
 * pages whose full content later releases bring.
 */
import type { ReactNode } from 'react'
import { Heading } from 'react-aria-components'
import { useTranslator } from '../i18n/react.tsx'
import { Logo } from '../ui/Logo.tsx'
import * as page from '../ui/Page.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'
import { statusMessages } from './status.messages.ts'

export function StatusPage({ title, children, busy = false }: { title: string; children?: ReactNode; busy?: boolean }) {
  return (
    <main className={page.centered}>
      <div className={page.card} aria-busy={busy || undefined}>
        <Logo size={32} />
        <Heading level={1} className={page.heading}>
          {title}
        </Heading>
        {children}
      </div>
    </main>
  )
}

/** A status page of one message and one way on (the public, share and not-found pages): 'Sign in' unless told otherwise. */
export function MessagePage({ title, text, href = '/signin', linkLabel }: { title: string; text: string; href?: string; linkLabel?: string }) {
  const { t } = useTranslator()
  return (
    <StatusPage title={title}>
      <p className={page.text}>{text}</p>
      <LinkButton href={href} variant="secondary">
        {linkLabel ?? t(statusMessages.signIn)}
      </LinkButton>
    </StatusPage>
  )
}

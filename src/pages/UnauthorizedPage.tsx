/** SPEC.md §2.6: the no-access screen of the access gate (§2.2). */
import { Heading } from 'react-aria-components'
import * as page from '../ui/Page.css.ts'
import { LinkButton } from '../ui/primitives/Button/Button.tsx'

export function UnauthorizedPage() {
  return (
    <section className={page.card} style={{ margin: '48px auto' }} aria-labelledby="unauthorized-heading">
      <Heading level={1} id="unauthorized-heading" className={page.heading}>
        Unauthorized
      </Heading>
      <p className={page.text}>You are not authorized to view this page.</p>
      <LinkButton href="/app">Go back</LinkButton>
    </section>
  )
}

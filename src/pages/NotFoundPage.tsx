/** Unknown paths. Inside /app the access gate (Unauthorized page, SPEC §2.6) arrives with the shell. */
import { Link } from 'react-aria-components'
import * as page from '../ui/Page.css.ts'
import { StatusPage } from './StatusPage.tsx'

export function NotFoundPage() {
  return (
    <StatusPage title="Page not found">
      <p className={page.text}>There is no page at this address.</p>
      <Link href="/app" className={page.link}>
        Go to Engage
      </Link>
    </StatusPage>
  )
}

/** Unknown paths. Inside /app the access gate (Unauthorized page, SPEC §2.6) arrives with the shell. */
import { MessagePage } from './StatusPage.tsx'

export function NotFoundPage() {
  return <MessagePage title="Page not found" text="There is no page at this address." href="/app" linkLabel="Go to Engage" />
}

/**
 * /share and /share/$ (SPEC.md §2.5), behind the human-verification gate (SPEC §2.6/§4).
 *
 * Loaded with its page (route-level code splitting): src/routes/tree.tsx names it through
 * `lazyRouteComponent`, so this module and what only it needs are a chunk of their own.
 */
import { SharePageRoute } from '../pages/SharePage.tsx'
import { VerificationGate } from '../ui/botcheck/VerificationGate.tsx'

/** /share and /share/$ (SPEC §2.5), behind the human-verification gate (SPEC §2.6/§4). */
export function ShareRoute() {
  return (
    <VerificationGate>
      <SharePageRoute />
    </VerificationGate>
  )
}

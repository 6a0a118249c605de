/**
 * What the pages share beyond the primitives: a load that failed, with a way to try
 * again. Fields are the TextField, Checkbox and Select primitives, a save's form-level error is
 * src/ui/FormAlert.tsx, and a page that is loading shows the Skeleton primitive.
 */
import { alert } from '../../ui/FormAlert.css.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import * as pages from '../pages.css.ts'

/** A load that failed: the reason and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className={`${alert} ${pages.alertRow}`}>
      <span>{message}</span>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        Try again
      </Button>
    </div>
  )
}

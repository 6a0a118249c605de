/**
 * What the pages share beyond the primitives: a load that failed, with a way to try
 * again. Fields are the TextField, Checkbox and Select primitives, a save's form-level error is
 * src/ui/FormAlert.tsx, and a page that is loading shows the Skeleton primitive.
 */
import type { DisplayText } from '../../../contract/messages.ts'
import { teamMessages } from '../../../machines/team/team.messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { alert } from '../../ui/FormAlert.css.ts'
import { Button } from '../../ui/primitives/Button/Button.tsx'
import * as pages from '../pages.css.ts'

/** A load that failed: the reason (the server's words, or ours to translate) and a way to try again. */
export function LoadFailed({ message, onRetry }: { message: DisplayText; onRetry: () => void }) {
  const { t, text } = useTranslator()
  return (
    <div role="alert" className={`${alert} ${pages.alertRow}`}>
      {/* The server's words keep their own direction; ours follow the page's. */}
      <span dir={typeof message === 'string' ? 'auto' : undefined}>{text(message)}</span>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {t(teamMessages.tryAgain)}
      </Button>
    </div>
  )
}

/**
 * A form's own error, above its fields (a refusal no field can carry: wrong credentials, a failed
 * submission): announced at once (`role="alert"`). Renders nothing without a message. The message
 * is a machine's text: the server's words as they came (the contract's own English words translated,
 * src/i18n/known-text.ts), or one of ours in the reader's language.
 */
import { displayKnown } from '../i18n/known-text.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { DisplayText } from '../i18n/messages.ts'
import * as css from './FormAlert.css.ts'

export function FormAlert({ message }: { message: DisplayText | null | undefined }) {
  const translator = useTranslator()
  if (!message) return null
  return (
    // The server's words keep their own direction; ours follow the page's.
    <div role="alert" className={css.alert} dir={typeof message === 'string' ? 'auto' : undefined}>
      {displayKnown(translator, message)}
    </div>
  )
}

/**
 * A form's own error, above its fields (a refusal no field can carry: wrong credentials, a failed
 * submission): announced at once (`role="alert"`). Renders nothing without a message.
 */
import * as css from './FormAlert.css.ts'

export function FormAlert({ message }: { message: string | null | undefined }) {
  if (!message) return null
  return (
    <div role="alert" className={css.alert}>
      {message}
    </div>
  )
}

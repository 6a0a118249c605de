/**
 * The /unsubscribe page (UnsubscribePage.tsx), on the public card of src/ui/Page.css.ts: the
 * category and address stand out of the muted text and never overflow the card. Theme variables only.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../ui/theme.css.ts'

/** A category name or email address inside a sentence: emphasised, broken anywhere when long. */
export const emphasis = style({ fontWeight: 600, color: vars.color.text, overflowWrap: 'anywhere' })

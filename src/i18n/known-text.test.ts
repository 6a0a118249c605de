/**
 * The contract's English words in the reader's language: an exact match translates, anything else
 * passes through as it is, and English stays the contract's text.
 */
import { describe, expect, it } from 'vitest'
import { localized } from '../../contract/messages.ts'
import { PROFILE_MESSAGES } from '../../contract/profile.ts'
import { SSO_ERROR_MESSAGES } from '../../contract/sso.ts'
import { validationMessages } from '../../contract/validation.messages.ts'
import { loadLanguage } from './catalogue.ts'
import { displayKnown, translateKnown } from './known-text.ts'
import { createTranslator } from './translator.ts'

describe('translateKnown', () => {
  it('translates a string that is exactly one of the contract’s messages', async () => {
    const german = createTranslator(await loadLanguage('de'))
    expect(translateKnown(german, 'Full name is required')).toBe('Der vollständige Name ist erforderlich')
    expect(translateKnown(german, PROFILE_MESSAGES.wrongCurrentPassword)).toBe(german.t(validationMessages.wrongCurrentPassword))
    const arabic = createTranslator(await loadLanguage('ar'))
    expect(translateKnown(arabic, SSO_ERROR_MESSAGES.denied)).toBe(arabic.t(validationMessages.ssoDenied))
    expect(translateKnown(arabic, "Confirm it's you")).not.toBe("Confirm it's you")
  })

  it('passes anything else through unchanged', async () => {
    const german = createTranslator(await loadLanguage('de'))
    for (const text of ['Full name is required.', 'full name is required', 'That name is taken', '', 'Acme GmbH'])
      expect(translateKnown(german, text)).toBe(text)
  })

  it('keeps English exactly the contract’s text', async () => {
    const english = createTranslator(await loadLanguage('en'))
    for (const text of ['Use at least 10 characters', SSO_ERROR_MESSAGES.rejected, PROFILE_MESSAGES.samePassword, 'Something else'])
      expect(translateKnown(english, text)).toBe(text)
  })

  it('shows a machine’s text: strings through translateKnown, localized texts translated', async () => {
    const spanish = createTranslator(await loadLanguage('es'))
    expect(displayKnown(spanish, 'Enter a valid email address')).toBe('Introduce una dirección de correo electrónico válida')
    expect(displayKnown(spanish, localized(validationMessages.tooLong))).toBe('Demasiado largo')
    expect(displayKnown(spanish, 'The server’s own words')).toBe('The server’s own words')
  })
})

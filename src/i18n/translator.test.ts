/**
 * Formats in every shipped language (and the pseudo-locale): dates and times in a saved time
 * zone, relative times, numbers, and plurals through the catalogues' message format.
 */
import { describe, expect, it } from 'vitest'
import { describeAuditDetails } from '../../machines/auditLog/auditLog.details.ts'
import { creditsMessages } from '../ui/shell/credits.messages.ts'
import { shellMessages } from '../ui/shell/shell.messages.ts'
import { loadLanguage } from './catalogue.ts'
import { directionOf, negotiateLocale } from './locales.ts'
import { createTranslator } from './translator.ts'

const at = Date.UTC(2026, 10, 28, 16, 5)

describe('translator', () => {
  it('dates and times in the saved time zone, in each language', async () => {
    const expected = {
      en: 'Nov 28, 2026, 5:05 PM',
      de: '28.11.2026, 17:05',
      es: '28 nov 2026, 17:05',
      ar: '28‏/11‏/2026، 5:05 م',
    } as const
    for (const [locale, text] of Object.entries(expected)) {
      const tr = createTranslator(await loadLanguage(locale as keyof typeof expected), 'Europe/Berlin')
      expect(tr.date(at, { dateStyle: 'medium', timeStyle: 'short' }).replace(/\u202f/g, ' ')).toBe(text)
    }
    // Without a saved zone, another zone's wall clock: Kolkata is 5:30 ahead of UTC.
    const kolkata = createTranslator(await loadLanguage('en'), 'Asia/Kolkata')
    expect(kolkata.date(at, { timeStyle: 'short' }).replace(/\u202f/g, ' ')).toBe('9:35 PM')
    expect(kolkata.date('not a date')).toBe('')
  })

  it('relative times: the largest whole unit, "now" and "yesterday" in words', async () => {
    const expected = {
      en: ['3 minutes ago', 'yesterday', 'in 2 hours', 'now'],
      de: ['vor 3 Minuten', 'gestern', 'in 2 Stunden', 'jetzt'],
      es: ['hace 3 minutos', 'ayer', 'dentro de 2 horas', 'ahora'],
      ar: ['قبل 3 دقائق', 'أمس', 'خلال ساعتين', 'الآن'],
    } as const
    for (const [locale, [minutes, yesterday, hours, now]] of Object.entries(expected)) {
      const tr = createTranslator(await loadLanguage(locale as keyof typeof expected))
      expect(tr.relative(at - 3 * 60_000, at)).toBe(minutes)
      expect(tr.relative(at - 26 * 3_600_000, at)).toBe(yesterday)
      expect(tr.relative(at + 2 * 3_600_000, at)).toBe(hours)
      expect(tr.relative(at, at)).toBe(now)
    }
  })

  it('numbers and plurals through the catalogues', async () => {
    const expected = {
      en: { number: '7,500', one: '1 credit left', many: '7,500 credits left' },
      de: { number: '7.500', one: '1 Credit übrig', many: '7.500 Credits übrig' },
      es: { number: '7500', one: 'Queda 1 crédito', many: 'Quedan 7500 créditos' },
      ar: { number: '7,500', one: 'يتبقّى رصيد واحد', many: 'يتبقّى 7,500 رصيد' },
    } as const
    for (const [locale, { number, one, many }] of Object.entries(expected)) {
      const tr = createTranslator(await loadLanguage(locale as keyof typeof expected))
      expect(tr.number(7500)).toBe(number)
      expect(tr.t(creditsMessages.creditsLeft, { count: 1 })).toBe(one)
      expect(tr.t(creditsMessages.creditsLeft, { count: 7500 })).toBe(many)
    }
    // Arabic has six plural forms.
    const ar = createTranslator(await loadLanguage('ar'))
    expect([0, 2, 3, 11].map((count) => ar.t(creditsMessages.creditsLeft, { count }))).toEqual(['لم يتبقَّ أي رصيد', 'يتبقّى رصيدان', 'يتبقّى 3 أرصدة', 'يتبقّى 11 رصيدًا'])
  })

  it('English is the messages themselves; the pseudo-locale accents and lengthens them, keeping placeholders', async () => {
    expect(createTranslator(await loadLanguage('en')).t(shellMessages.signOut)).toBe('Sign out')
    const pseudo = createTranslator(await loadLanguage('en-XA'))
    expect(pseudo.t(shellMessages.signOut)).toBe('[Šíĝñ öúţ~~~]')
    expect(pseudo.t(creditsMessages.creditsLeft, { count: 2 })).toMatch(/^\[2 çŕéðíţš ľéƒţ~+\]$/)
    expect(pseudo.number(7500)).toBe('7,500')
  })

  it("directions and the browser's languages", () => {
    expect(['en', 'de', 'es', 'ar', 'en-XA'].map((l) => directionOf(l as 'en'))).toEqual(['ltr', 'ltr', 'ltr', 'rtl', 'ltr'])
    expect(negotiateLocale(['fr-FR', 'de-AT', 'en'])).toBe('de')
    expect(negotiateLocale(['ar-EG'])).toBe('ar')
    expect(negotiateLocale(['ES_mx'])).toBe('es')
    expect(negotiateLocale(['fr', 'ja'])).toBe('en')
    expect(negotiateLocale([])).toBe('en')
  })
})

describe('API errors', () => {
  it("English keeps the server's message; other languages show the code's meaning, or the message for codes that name specifics", async () => {
    const { localizeApiError } = await import('./api-errors.ts')
    const en = createTranslator(await loadLanguage('en'))
    const de = createTranslator(await loadLanguage('de'))
    expect(localizeApiError(en, 'rate_limited', 'Too many sign-in attempts. Try again in 60 seconds.')).toBe('Too many sign-in attempts. Try again in 60 seconds.')
    expect(localizeApiError(de, 'rate_limited', 'Too many sign-in attempts.')).toBe('Zu viele Versuche. Warte einen Moment und versuche es erneut.')
    expect(localizeApiError(de, 'invalid_request', 'Your current password is incorrect')).toBe('Your current password is incorrect')
    expect(localizeApiError(de, 'toString', 'odd')).toBe('odd')
  })

  it('permission names inside the audit log\'s details read in the reader\'s language', async () => {
    const details = { added: [{ resource: 'BILLING', actions: ['READ', 'UPDATE'] }], removed: [{ resource: 'NOT_A_RESOURCE', actions: ['READ'] }] }
    expect(describeAuditDetails('permission_set.updated', details, createTranslator(await loadLanguage('en')).t)).toBe('Added View Billing, Edit Billing · Removed View NOT_A_RESOURCE')
    expect(describeAuditDetails('permission_set.updated', details, createTranslator(await loadLanguage('de')).t)).toBe('Hinzugefügt: Abrechnung (Ansehen), Abrechnung (Bearbeiten) · Entfernt: NOT_A_RESOURCE (Ansehen)')
  })
})

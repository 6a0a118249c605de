/**
 * The server's translator: English as the code writes it, the catalogues' translations with
 * their plurals (Arabic's six forms), values that are elements kept in their place, and the
 * language a saved `users.language` means.
 */
import { describe, expect, test } from 'vitest'
import { emailNotificationMessages } from './templates/notification.messages.ts'
import { emailMessages } from './mail.messages.ts'
import { languageOf, mailTranslator } from './translate.ts'

describe('the mail translator', () => {
  test('Scenario: English is the source text; German and Arabic come from their catalogues, plurals included', async () => {
    const en = await mailTranslator(null)
    expect(en.language).toBe('en')
    expect(en.t(emailNotificationMessages.digestSubject, { count: 1, workspace: 'Acme' })).toBe('1 new notification in Acme')
    expect(en.t(emailNotificationMessages.digestSubject, { count: 3, workspace: 'Acme' })).toBe('3 new notifications in Acme')
    const de = await mailTranslator('de')
    expect([de.dir, de.t(emailNotificationMessages.digestSubject, { count: 3, workspace: 'Acme' })]).toEqual(['ltr', '3 neue Benachrichtigungen in Acme'])
    const ar = await mailTranslator('ar')
    expect(ar.dir).toBe('rtl')
    expect([2, 3, 11, 100].map((count) => ar.t(emailNotificationMessages.digestSubject, { count, workspace: 'Acme' }))).toEqual([
      'إشعاران جديدان في Acme',
      '3 إشعارات جديدة في Acme',
      '11 إشعارًا جديدًا في Acme',
      '100 إشعار جديد في Acme',
    ])
  })

  test('Scenario: a value that is an element keeps its place in the translated sentence', async () => {
    const link = { href: 'https://engage.example/x' }
    expect((await mailTranslator('en')).parts(emailMessages.pasteAddress, { link })).toEqual(['Or paste this address into your browser: ', link])
    expect((await mailTranslator('es')).parts(emailMessages.pasteAddress, { link })).toEqual(['O pega esta dirección en tu navegador: ', link])
  })

  test('Scenario: dates and numbers in the reader’s regional format and time zone', async () => {
    const de = await mailTranslator('de', 'Europe/Berlin')
    expect(de.date(Date.parse('2030-01-14T23:30:00Z'), { dateStyle: 'long', timeStyle: 'short' })).toBe('15. Januar 2030 um 00:30')
    expect(de.number(1234.5)).toBe('1.234,5')
  })

  test('Scenario: no saved language, or one not shipped, means English', () => {
    expect([languageOf(null), languageOf(undefined), languageOf('fr'), languageOf('ar')]).toEqual(['en', 'en', 'en', 'ar'])
  })
})

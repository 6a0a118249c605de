// @vitest-environment jsdom
/**
 * The app's language provider: dates and times show in the signed-in person's saved time zone,
 * and in the browser's without one.
 */
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { authMachine } from '../../machines/auth/auth.machine.ts'
import { DEFAULT_LANGUAGE_INPUT, languageMachine } from '../../machines/language/language.machine.ts'
import { acme, ada } from '../../machines/testing/fixtures.ts'
import { useTranslator } from '../i18n/react.tsx'
import { PersonLanguageProvider } from './language-provider.tsx'
import { AuthActorProvider } from './react.tsx'

afterEach(cleanup)

const NOON_UTC = '2026-03-01T12:00:00Z'

function Clock() {
  const { date } = useTranslator()
  return <time>{date(NOON_UTC, { timeStyle: 'short', hourCycle: 'h23' })}</time>
}

function renderFor(timeZone: string | null | undefined) {
  const auth = createActor(authMachine, { input: { hasStoredSession: true, orgId: acme.org_id, payload: { user: { ...ada, time_zone: timeZone }, currentOrg: acme } } })
  const language = createActor(languageMachine, { input: DEFAULT_LANGUAGE_INPUT })
  render(
    <AuthActorProvider actor={auth}>
      <PersonLanguageProvider actor={language}>
        <Clock />
      </PersonLanguageProvider>
    </AuthActorProvider>,
  )
  return screen.getByRole('time', { hidden: true }).textContent ?? ''
}

describe('PersonLanguageProvider', () => {
  it('shows times in the zone the person saved', () => {
    expect(renderFor('Asia/Kolkata')).toBe('17:30')
    cleanup()
    expect(renderFor('America/New_York')).toBe('07:00')
  })

  it("falls back to the browser's zone without a saved one, or with a name this browser does not know", () => {
    const browser = new Intl.DateTimeFormat('en-US', { timeStyle: 'short', hourCycle: 'h23' }).format(new Date(NOON_UTC))
    expect(renderFor(null)).toBe(browser)
    cleanup()
    expect(renderFor('Mars/Olympus_Mons')).toBe(browser)
  })
})

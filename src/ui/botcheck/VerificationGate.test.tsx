// @vitest-environment jsdom
import { LAZY } from '../testing/jsdom.ts'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BOT_CHECK_PROOF_SESSION_KEY, BOT_CHECK_SESSION_KEY, type BotCheckConfigResponse, type VerifyBotCheckResponse } from '../../../contract/botcheck.ts'

/** A passed check's answer (with the proof sign-in needs). */
const PASSED: VerifyBotCheckResponse = { verified: true, proof: 'p1.passed', expires_in: 600 }
import type { Endpoints } from '../../api/endpoints.ts'
import { ApiProvider } from '../../system/api.tsx'
import type { BotCheckWidgetProps } from './BotCheckWidget.tsx'
import { VERIFICATION_TITLE, VerificationGate } from './VerificationGate.tsx'

afterEach(cleanup)
beforeEach(() => sessionStorage.clear())

/** A stand-in widget: a button that hands over a token, like the real one does by itself. */
function FakeWidget(props: BotCheckWidgetProps) {
  return (
    <button type="button" onClick={() => props.onToken(`token-for-${props.provider.kind}`)}>
      Solve ({props.provider.kind})
    </button>
  )
}

function renderGate(config: BotCheckConfigResponse, verify: (token: string) => Promise<VerifyBotCheckResponse>, props: { skip?: boolean } = {}) {
  const calls = { config: 0, verify: [] as string[] }
  const api = {
    botCheckConfig: async () => {
      calls.config++
      return config
    },
    verifyBotCheck: (token: string) => {
      calls.verify.push(token)
      return verify(token)
    },
  } as unknown as Endpoints
  render(
    <ApiProvider api={api}>
      <VerificationGate {...props} renderWidget={(p) => <FakeWidget {...p} />}>
        <h1>Sign in to Engage</h1>
      </VerificationGate>
    </ApiProvider>,
  )
  return calls
}

const altcha: BotCheckConfigResponse = { provider: 'altcha', turnstileSiteKey: null }

describe('VerificationGate', () => {
  it('Scenario: the page is not rendered until the server accepts the token; then the session remembers it', async () => {
    const calls = renderGate(altcha, async () => PASSED)
    // The splash until the configuration says a check is needed, then the modal (its own chunk).
    expect(screen.getByRole('status', { name: 'Loading Engage' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Sign in to Engage' })).toBeNull()
    expect(await screen.findByRole('dialog', { name: VERIFICATION_TITLE }, LAZY)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Sign in to Engage' })).toBeNull()
    const solve = await screen.findByRole('button', { name: 'Solve (altcha)' })
    await act(async () => solve.click())
    expect(await screen.findByRole('heading', { name: 'Sign in to Engage' })).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.verify).toEqual(['token-for-altcha'])
    expect(sessionStorage.getItem(BOT_CHECK_SESSION_KEY)).toBe('true')
    expect(JSON.parse(sessionStorage.getItem(BOT_CHECK_PROOF_SESSION_KEY) ?? '{}')).toMatchObject({ proof: 'p1.passed' })
  })

  it('Scenario: a refused token keeps the gate up, logs a warning and shows no message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    try {
      renderGate(altcha, async () => Promise.reject(Object.assign(new Error('The verification token was already used.'), { status: 403 })))
      await act(async () => (await screen.findByRole('button', { name: 'Solve (altcha)' })).click())
      expect(warn).toHaveBeenCalledWith('Human verification failed (verify):', expect.any(Error))
      expect(screen.getByRole('dialog', { name: VERIFICATION_TITLE })).toBeTruthy()
      expect(screen.queryByRole('alert')).toBeNull()
      expect(screen.queryByText(/already used/)).toBeNull()
      expect(screen.queryByRole('heading', { name: 'Sign in to Engage' })).toBeNull()
      expect(sessionStorage.getItem(BOT_CHECK_SESSION_KEY)).toBeNull()
    } finally {
      warn.mockRestore()
    }
  })

  it('Scenario: a session that passed earlier and holds a live proof, or a gate told to skip, shows the page at once without any call', () => {
    sessionStorage.setItem(BOT_CHECK_SESSION_KEY, 'true')
    sessionStorage.setItem(BOT_CHECK_PROOF_SESSION_KEY, JSON.stringify({ proof: 'p1.passed', expiresAtMs: Date.now() + 600_000 }))
    const remembered = renderGate(altcha, async () => PASSED)
    expect(screen.getByRole('heading', { name: 'Sign in to Engage' })).toBeTruthy()
    expect(remembered.config).toBe(0)
    cleanup()
    sessionStorage.clear()
    const skipped = renderGate(altcha, async () => PASSED, { skip: true })
    expect(screen.getByRole('heading', { name: 'Sign in to Engage' })).toBeTruthy()
    expect(skipped.config).toBe(0)
    expect(sessionStorage.getItem(BOT_CHECK_SESSION_KEY)).toBeNull()
  })

  it('Scenario: a session whose proof was spent by a sign-in runs the check again', async () => {
    sessionStorage.setItem(BOT_CHECK_SESSION_KEY, 'true')
    const again = renderGate(altcha, async () => PASSED)
    expect(await screen.findByRole('dialog', { name: VERIFICATION_TITLE }, LAZY)).toBeTruthy()
    expect(again.config).toBe(1)
  })

  it('Scenario: BOT_CHECK=off on the server shows the page without a widget, and nothing is remembered', async () => {
    const calls = renderGate({ provider: 'off', turnstileSiteKey: null }, async () => PASSED)
    expect(await screen.findByRole('heading', { name: 'Sign in to Engage' })).toBeTruthy()
    // The modal never showed: the splash stood in while the configuration loaded.
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls.verify).toEqual([])
    expect(sessionStorage.getItem(BOT_CHECK_SESSION_KEY)).toBeNull()
  })

  it('Scenario: with Turnstile configured the Turnstile widget is asked for, with the site key', async () => {
    renderGate({ provider: 'turnstile', turnstileSiteKey: 'site-1' }, async () => PASSED)
    expect(await screen.findByRole('button', { name: 'Solve (turnstile)' })).toBeTruthy()
  })
})
